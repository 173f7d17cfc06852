export const RESOURCE_MESSAGES = {
  nameRequired: 'The resource name is required.',
  duplicateResource: 'A resource of this name already exists.',
  resourceAdded: 'The resource is added.',
  resourceReplaced: 'The resource is replaced.',
  resourceRemoved: 'The resource is removed.',
  signInPrompt: 'Please log in to see the useful resources.',
  notForRole: 'Useful resources are for technical and lead assessors.',
  empty: 'No resources available!',
} as const;
