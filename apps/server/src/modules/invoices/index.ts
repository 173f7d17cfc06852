/** Invoices. Other modules use only what this file exports. */
export { invoiceRoutes } from './invoices.routes.js';
