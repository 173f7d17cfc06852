/** The back-office CSV import (`npm run import` is imports.cli.ts). Other modules use only what this file exports. */
import type { PortalModule } from '../../platform/module.js';
import { importRoutes } from './imports.routes.js';
import { importsRules } from './imports.policy.js';

export const importsModule: PortalModule = { name: 'imports', routes: importRoutes, rules: [importsRules] };
