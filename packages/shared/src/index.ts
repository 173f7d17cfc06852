export * from './roles.js';
export * from './access.js';
export * from './constants.js';
export * from './messages.js';
export * from './schemas/common.js';
export * from './schemas/auth.js';
export * from './schemas/notifications.js';
