export * from './users.js';
export * from './auth.js';
export * from './notifications.js';
export * from './dev-mail.js';
