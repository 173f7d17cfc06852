import { useMutation } from '@tanstack/react-query';
import type { MessageBody } from '@portal/shared';
import { api } from '../../lib/api-client';

/** The public registration wizard's calls (signed out). */

/** POST /register: the wizard's request (the server checks it with the same shared schema). */
export function useRegister() {
  return useMutation({ mutationFn: (body: unknown) => api.post<MessageBody>('/register', body) });
}

export { lookupFacility, useCommitteeNames, useRegistrationCategories } from '../../lib/registration-options';
