import type { FastifyInstance } from 'fastify';
import type { RuleSet } from './access.js';
import type { Deps } from './deps.js';
import type { Listener } from './events.js';
import type { BackgroundWork } from './shutdown.js';

/**
 * What an area of the portal brings to the app, in one place (its index.ts): buildApp registers
 * the list in modules/index.ts, and main.ts starts their workers. Adding an area is a folder and a
 * line in that list.
 */
export interface PortalModule {
  /** The area's folder under modules/. */
  name: string;
  /** Its routes, registered under /api with the app's deps. */
  routes?: (app: FastifyInstance, opts: { deps: Deps }) => Promise<void>;
  /** Its access rules (`<area>.policy.ts`): every action its routes name has one (route-access.ts). */
  rules?: RuleSet[];
  /** Its reaction to the areas' events, in the transaction that emits them (events.ts). */
  onEvent?: Listener;
  /** Its background work, started once the server listens; each answers how to stop it. */
  workers?: ((deps: Deps) => BackgroundWork)[];
}
