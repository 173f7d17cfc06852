/** One's notification email preference. Other modules use only what this file exports. */
export { emailRoutes } from './email.routes.js';
