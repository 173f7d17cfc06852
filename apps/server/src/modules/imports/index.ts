/** The back-office CSV import (`npm run import` is imports.cli.ts). Other modules use only what this file exports. */
export { importRoutes } from './imports.routes.js';
