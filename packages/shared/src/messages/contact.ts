/** Contact form and useful resources. The failure text is the spec's (MESSAGES.contactFailed). */
export const CONTACT_MESSAGES = {
  subjectRequired: 'Please enter a subject.',
  messageRequired: 'Please enter your message.',
  nameRequired: 'Please enter your name.',
  emailInvalid: 'Please enter a valid email address.',
  nameMax: (max: number) => `The name may not be greater than ${max} characters.`,
  subjectMax: (max: number) => `The subject may not be greater than ${max} characters.`,
  messageMax: (max: number) => `The message may not be greater than ${max} characters.`,
  sent: 'Thank you. Your message has been sent.',
} as const;
