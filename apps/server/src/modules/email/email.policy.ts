import { defineRules } from '../../platform/access.js';

/** One's own email preference: any signed-in user. */
defineRules({ 'notifications.email.update': {} });
