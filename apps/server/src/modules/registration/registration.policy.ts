import { defineRules } from '../../platform/access.js';

/** Anyone may register, signed in or not (the public wizard; counted per address at its routes). */
defineRules({
  'registration.request.create': {},
});
