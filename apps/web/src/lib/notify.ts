import { notifications } from '@mantine/notifications';
import { errorMessage } from './api-client';
import { overlaysReady } from './overlays';

/**
 * Errors show as a notification titled 'Error' with the server's message (DESIGN "The web app"),
 * or with the text given when the page words it itself ('Action fail: ...').
 */
export function notifyError(error: unknown, fallback?: string, autoClose = 6000): void {
  const message = typeof error === 'string' ? error : errorMessage(error, fallback);
  void overlaysReady();
  notifications.show({ title: 'Error', message, color: 'red', autoClose });
}

export function notifySuccess(message: string): void {
  void overlaysReady();
  notifications.show({ title: 'Success', message, color: 'teal', autoClose: 5000 });
}

/**
 * A form's own error notice: one at a time (a second failure replaces the first), and taken away by
 * the form's success (an 'Error' and a 'Success' notice never stand side by side).
 */
export function notifyFormError(formId: string, error: unknown, fallback?: string): void {
  const message = typeof error === 'string' ? error : errorMessage(error, fallback);
  // Public pages (the registration wizard) load the toast host on the first notice.
  void overlaysReady();
  notifications.hide(formId);
  notifications.show({ id: formId, title: 'Error', message, color: 'red', autoClose: 6000 });
}

/** The form's success: its earlier error notice goes, the success shows. */
export function notifyFormSuccess(formId: string, message: string): void {
  notifications.hide(formId);
  notifySuccess(message);
}
