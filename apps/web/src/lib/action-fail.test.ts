import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@portal/shared';
import { ApiError } from './api-client';
import { actionFailMessage } from './action-fail';

describe('actionFailMessage', () => {
  it("words 'Action fail: ' from the field errors, or the message when there are none", () => {
    const fields = new ApiError(400, {
      message: 'x',
      errors: { state: ['Pick a state', 'more'], billing_email: ['Bad'] },
    });
    expect(actionFailMessage(fields)).toBe('Action fail: state: Pick a state, billing_email: Bad');
    expect(actionFailMessage(new ApiError(400, { message: 'The given data was invalid.', errors: {} }))).toBe(
      'Action fail: The given data was invalid.',
    );
  });

  it('uses the message of any other failure', () => {
    expect(actionFailMessage(new Error('Network down'))).toBe('Action fail: Network down');
    expect(actionFailMessage('nothing useful')).toBe(`Action fail: ${MESSAGES.serverError}`);
  });
});
