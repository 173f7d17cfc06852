import { describe, expect, it } from 'vitest';
import { isPhoneNumber } from '../constants.js';
import { RECORD_MESSAGES } from '../messages.js';
import { facilityUpdate, siteUpdate } from './facilities.js';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('isPhoneNumber', () => {
  it.each(['02 9555 0101', '(02) 9555-0101', '+61 400 000 000', '1800 621 666', '123456'])('takes %s', (phone) => {
    expect(isPhoneNumber(phone)).toBe(true);
  });
  it.each(['abc!!', '12345', '1234567890123456', '++61 2 9555 0101', '02 9555 0101 ext 4', ''])(
    'refuses %s',
    (phone) => {
      expect(isPhoneNumber(phone)).toBe(false);
    },
  );
});

describe('facilityUpdate (issue 9: never save bad data)', () => {
  it('refuses an emptied billing email, address, suburb and state with their messages', () => {
    const result = facilityUpdate.safeParse({ billing_email: '', address: '  ', suburb: null, state: null });
    expect(messages(result)).toEqual({
      billing_email: RECORD_MESSAGES.required('billing email'),
      address: RECORD_MESSAGES.required('address'),
      suburb: RECORD_MESSAGES.required('suburb'),
      state: RECORD_MESSAGES.required('state'),
    });
  });

  it('checks emails, states and every contact', () => {
    const result = facilityUpdate.safeParse({
      billing_email: 'nope',
      state: 'XX',
      contacts: [
        { name: 'A', phone: 'abc!!' },
        { name: ' ', phone: '' },
      ],
    });
    expect(messages(result)).toEqual({
      billing_email: RECORD_MESSAGES.emailInvalid,
      state: RECORD_MESSAGES.stateInvalid,
      'contacts.0.phone': RECORD_MESSAGES.phoneInvalid,
      'contacts.1.name': RECORD_MESSAGES.contactNameRequired,
      'contacts.1.phone': RECORD_MESSAGES.required('phone number'),
    });
  });

  it('keeps a field left out as it is', () => {
    expect(facilityUpdate.safeParse({ suburb: 'Carlton' }).success).toBe(true);
  });
});

describe('siteUpdate', () => {
  it('refuses an empty email and a phone that is not one', () => {
    expect(messages(siteUpdate.safeParse({ email: ' ', phone: 'abc!!' }))).toEqual({
      email: RECORD_MESSAGES.required('email'),
      phone: RECORD_MESSAGES.phoneInvalid,
    });
    expect(messages(siteUpdate.safeParse({ phone: null }))).toEqual({
      phone: RECORD_MESSAGES.required('phone number'),
    });
  });

  it('lets address, suburb and state be cleared', () => {
    expect(
      siteUpdate.safeParse({ email: 'a@b.test', phone: '02 9555 0101', address: null, suburb: '', state: null })
        .success,
    ).toBe(true);
  });
});
