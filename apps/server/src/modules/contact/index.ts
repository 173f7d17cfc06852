/** The contact form, signed in or out. Other modules use only what this file exports. */
export { contactRoutes } from './contact.routes.js';
