import { describe, expect, it } from 'vitest';
import { LIMITS } from './constants.js';
import { MESSAGES, niceSize } from './messages.js';

describe('niceSize', () => {
  it.each([
    [0, '0 KB'],
    [1, '1 KB'],
    [999, '999 KB'],
    [1000, '1 MB'],
    [1500, '1.5 MB'],
    [1234, '1.2 MB'],
    [150_000, '150 MB'],
    [999_999, '1000 MB'],
    [1_000_000, '1 GB'],
    [2_500_000, '2.5 GB'],
  ])('%d KB -> %s', (kb, nice) => {
    expect(niceSize(kb)).toBe(nice);
  });

  it("gives the upload limit message of the spec's 150MB", () => {
    expect(MESSAGES.fileTooLarge(niceSize(LIMITS.maxUploadKb))).toBe('File exceeds maximum upload size of 150 MB');
  });
});

describe('messages quoted by the spec, word for word', () => {
  it('keeps the spec strings', () => {
    expect(MESSAGES.twoFactorInvalid).toBe('Invalid token. Try again!');
    expect(MESSAGES.twoFactorSendFailed).toBe('Something went wrong while sending auth code.');
    expect(MESSAGES.passwordPlaceholder).toBe('Must have at least 6 characters');
    expect(MESSAGES.passwordUpdated).toBe('Your Password is updated successfully!');
    expect(MESSAGES.passwordRuleSixNoSpaces).toBe('Password must contain at least six characters without spaces');
    expect(MESSAGES.noNewNotifications).toBe('No new notifications.');
    expect(MESSAGES.noUnreadNotifications).toBe('There are no unread notifications!');
    expect(MESSAGES.uploadConfirm).toBe('Are you sure this is the file you want to upload?');
    expect(MESSAGES.descriptionHint).toBe('*mandatory field, 255 character maximum.');
    expect(MESSAGES.reviewPlaceholder).toBe('Please add your comments here*');
    expect(MESSAGES.duplicateDocument).toBe(
      'A document by this name has already been submitted. You cannot modify documents once uploaded. Please rename document and try again',
    );
    expect(MESSAGES.fileUploaded).toBe('File successfully uploaded!');
    expect(MESSAGES.actionSuccessful).toBe('Action successful!');
    expect(MESSAGES.actionFailPrefix).toBe('Action fail: ');
  });

  it('fills the confirmation texts (spec/01 4)', () => {
    expect(MESSAGES.switchRole('Technical Assessor')).toBe('You will now view the site as "Technical Assessor".');
    expect(MESSAGES.switchCommittee('Chemical Testing Committee')).toBe(
      'You are switching to the "Chemical Testing Committee" committee.',
    );
  });
});
