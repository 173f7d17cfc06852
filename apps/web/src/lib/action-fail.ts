import { MESSAGES } from '@portal/shared';
import { errorMessage, isApiError } from './api-client';

/**
 * spec/01 section 8: 'Action fail: ' followed by the server's field: first message pairs, or by its
 * message when it names no field.
 */
export function actionFailMessage(error: unknown): string {
  const pairs = isApiError(error)
    ? Object.entries(error.errors)
        .filter(([, messages]) => messages.length > 0)
        .map(([field, messages]) => `${field}: ${messages[0]}`)
    : [];
  return MESSAGES.actionFailPrefix + (pairs.length > 0 ? pairs.join(', ') : errorMessage(error));
}
