import { notifications } from '@mantine/notifications';
import { errorMessage } from './api-client';

/** Errors show as a notification titled 'Error' with the server's message (DESIGN "The web app"). */
export function notifyError(error: unknown, fallback?: string): void {
  notifications.show({ title: 'Error', message: errorMessage(error, fallback), color: 'red', autoClose: 6000 });
}

export function notifySuccess(message: string): void {
  notifications.show({ title: 'Success', message, color: 'teal', autoClose: 5000 });
}
