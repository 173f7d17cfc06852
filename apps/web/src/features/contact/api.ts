import { useMutation } from '@tanstack/react-query';
import type { ContactRequest, MessageBody } from '@portal/shared';
import { api } from '../../lib/api-client';

/** POST /contact: subject and message (and name, email when signed out). */
export const sendContactMessage = (body: ContactRequest) => api.post<MessageBody>('/contact', body);

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
