import { notifications } from '@mantine/notifications';
import { errorMessage } from './api-client';

/**
 * Errors show as a notification titled 'Error' with the server's message (DESIGN "The web app"),
 * or with the text given when the page words it itself ('Action fail: ...').
 */
export function notifyError(error: unknown, fallback?: string): void {
  const message = typeof error === 'string' ? error : errorMessage(error, fallback);
  notifications.show({ title: 'Error', message, color: 'red', autoClose: 6000 });
}

export function notifySuccess(message: string): void {
  notifications.show({ title: 'Success', message, color: 'teal', autoClose: 5000 });
}
