import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  activationRequest,
  changePasswordRequest,
  loginRequest,
  mobileNumber,
  resetRequest,
  setPasswordRequest,
  setupCodeRequest,
  twoFactorVerifyRequest,
} from './auth.js';

/** The messages a schema gives, by field ('' for the whole value). */
function messagesOf(schema: z.ZodType, value: unknown): Record<string, string[]> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) (out[issue.path.join('.')] ??= []).push(issue.message);
  return out;
}

describe('loginRequest (spec/01 2.3, 5)', () => {
  it('accepts an email and a password of at least 6 characters, trimming the email', () => {
    expect(loginRequest.parse({ username: '  ar@portal.test ', password: 'portal-demo' })).toEqual({
      username: 'ar@portal.test',
      password: 'portal-demo',
      rememberMe: false,
    });
    expect(loginRequest.parse({ username: 'ar@portal.test', password: '123456', rememberMe: true }).rememberMe).toBe(
      true,
    );
  });

  it('says both fields are required', () => {
    expect(messagesOf(loginRequest, { username: '', password: '' })).toEqual({
      username: ['User name is required.'],
      password: ['Password is required.'],
    });
    expect(messagesOf(loginRequest, { username: '   ', password: 'portal-demo' })).toEqual({
      username: ['User name is required.'],
    });
  });

  it('wants an email user name and 6 password characters', () => {
    expect(messagesOf(loginRequest, { username: 'arthur', password: '12345' })).toEqual({
      username: ['User name must be an email address.'],
      password: ['Password must have at least 6 characters.'],
    });
  });

  it('refuses a body without the fields', () => {
    expect(loginRequest.safeParse({}).success).toBe(false);
    expect(
      loginRequest.safeParse({ username: 'ar@portal.test', password: 'portal-demo', rememberMe: 'yes' }).success,
    ).toBe(false);
  });
});

describe('changePasswordRequest (spec/02 5)', () => {
  it('accepts a new password of 6+ characters without spaces, different from the old one', () => {
    expect(changePasswordRequest.safeParse({ oldPassword: 'portal-demo', newPassword: 'new-secret' }).success).toBe(
      true,
    );
  });

  it('refuses the old password as the new one', () => {
    expect(messagesOf(changePasswordRequest, { oldPassword: 'portal-demo', newPassword: 'portal-demo' })).toEqual({
      newPassword: ['New password should not be the same as the old one.'],
    });
  });

  it.each([
    ['a space inside', 'new secret'],
    ['a leading space', ' newsecret'],
    ['a trailing space', 'newsecret '],
    ['a tab', 'new\tsecret'],
  ])('refuses %s', (_what, newPassword) => {
    expect(messagesOf(changePasswordRequest, { oldPassword: 'portal-demo', newPassword })).toEqual({
      newPassword: ['Space character is not allowed.'],
    });
  });

  it('refuses a short new password, first with the length message', () => {
    expect(messagesOf(changePasswordRequest, { oldPassword: 'portal-demo', newPassword: 'abc' })).toEqual({
      newPassword: ['New password requires at least 6 characters.'],
    });
    expect(
      messagesOf(changePasswordRequest, { oldPassword: 'portal-demo', newPassword: 'ab c' }).newPassword?.[0],
    ).toBe('New password requires at least 6 characters.');
  });

  it('requires the old password', () => {
    expect(messagesOf(changePasswordRequest, { oldPassword: '', newPassword: 'new-secret' })).toEqual({
      oldPassword: ['Password is required.'],
    });
  });
});

describe('reset and activation passwords (spec/01 5)', () => {
  it.each(['12345', 'abc def', '      '])('refuses %j with the one combined message', (password) => {
    expect(messagesOf(setPasswordRequest, { password })).toEqual({
      password: ['Password must contain at least six characters without spaces'],
    });
  });

  it('accepts 6 characters without spaces', () => {
    expect(setPasswordRequest.safeParse({ password: 'abcdef' }).success).toBe(true);
  });

  it('wants the confirmation to match on activation', () => {
    const base = { token: 't', username: 'new@portal.test', password: 'abcdef' };
    expect(activationRequest.safeParse({ ...base, password_confirmation: 'abcdef' }).success).toBe(true);
    expect(messagesOf(activationRequest, { ...base, password_confirmation: 'abcdeg' })).toEqual({
      password_confirmation: ['Passwords do not match.'],
    });
  });

  it('wants a valid email for a reset', () => {
    expect(messagesOf(resetRequest, { email: 'nope' })).toEqual({ email: ['Please input valid detail for email'] });
    expect(resetRequest.parse({ email: ' ar@portal.test ' })).toEqual({ email: 'ar@portal.test' });
  });
});

describe('mobile number: +614 and 8 digits, or another international number starting with +', () => {
  const MOBILE_INVALID =
    'Please enter a mobile number as +614 followed by 8 digits, or another international number starting with +.';

  it.each([
    '+61412345678',
    '+61498765432',
    ' +61412345678 ',
    '+6421234567',
    '+447911123456',
    '+15551234567',
    '+61212345678',
  ])('accepts %j', (n) => {
    expect(mobileNumber.safeParse(n).success).toBe(true);
  });

  it.each([
    ['+614 with 7 digits', '+6141234567'],
    ['+614 with 9 digits', '+614123456789'],
    ['no plus', '0412345678'],
    ['no plus, country code', '61412345678'],
    ['spaces inside', '+61 412 345 678'],
    ['letters', '+614abcdefgh'],
    ['too short', '+12345'],
    ['too long', '+1234567890123456'],
    ['only a plus', '+'],
    ['empty', ''],
  ])('refuses %s', (_what, n) => {
    expect(messagesOf(mobileNumber, n)).toEqual({ '': [MOBILE_INVALID] });
  });

  it('is the rule of the set-up code request', () => {
    expect(setupCodeRequest.parse({ data: '+61412345678' })).toEqual({ data: '+61412345678' });
    expect(messagesOf(setupCodeRequest, { data: '0412345678' })).toEqual({ data: [MOBILE_INVALID] });
  });
});

describe('two-factor code', () => {
  it('is exactly 4 digits', () => {
    expect(twoFactorVerifyRequest.parse({ code: '0123' })).toEqual({ code: '0123', remember_me: false });
    for (const code of ['123', '12345', '12a4', ' 1234', '']) {
      expect(messagesOf(twoFactorVerifyRequest, { code }), code).toEqual({
        code: ['The code must be exactly 4 digits.'],
      });
    }
  });
});
