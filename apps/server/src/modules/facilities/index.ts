/** Facilities (and the 'Update Contact Details' modal). Other modules use only what this file exports. */
export { facilityRoutes } from './facilities.routes.js';
