export * from './users.js';
export * from './auth.js';
export * from './notifications.js';
export * from './dev-mail.js';
export * from './facilities.js';
export * from './jobs.js';
export * from './documents.js';
export * from './invoices.js';
