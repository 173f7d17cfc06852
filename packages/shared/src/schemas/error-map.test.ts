import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { REGISTRATION_MESSAGES } from '../messages.js';
import { pageQuery } from './paging.js';
import { profileChangeRequest } from './profile.js';
import { registrationRequest } from './registration.js';
import { fieldLabel } from './error-map.js';
import '../index.js';

const messagesOf = (schema: z.ZodType, value: unknown) =>
  z.flattenError((schema.safeParse(value) as { error: z.ZodError }).error).fieldErrors as Record<string, string[]>;

describe("checks that name no message speak the spec's style, never zod's", () => {
  it('a Position Title over 255 characters', () => {
    expect(messagesOf(profileChangeRequest, { first_name: 'A', last_name: 'B', title: 'x'.repeat(256) })).toEqual({
      title: ['Position Title may not be greater than 255 characters.'],
    });
  });

  it('a page size that is not a number, or out of range', () => {
    const query = z.object(pageQuery(10));
    expect(messagesOf(query, { per_page: 'abc' })).toEqual({ per_page: ['Please input valid detail for Per page'] });
    expect(messagesOf(query, { per_page: '0' })).toEqual({ per_page: ['Per page may not be less than 1.'] });
    expect(messagesOf(query, { per_page: '500' })).toEqual({ per_page: ['Per page may not be greater than 100.'] });
  });

  it('a missing field, a wrong kind of value, an unknown option', () => {
    expect(messagesOf(z.object({ committeeId: z.number() }), {})).toEqual({
      committeeId: ['Committee id is required.'],
    });
    expect(messagesOf(z.object({ committeeId: z.number() }), { committeeId: 'x' })).toEqual({
      committeeId: ['Please input valid detail for Committee id'],
    });
    expect(messagesOf(z.object({ state: z.enum(['NSW', 'VIC']) }), { state: 'XX' })).toEqual({
      state: ['Please input valid detail for State'],
    });
  });

  it('a message the schema names itself is kept', () => {
    expect(messagesOf(z.object({ a: z.string().max(1, 'Mine.') }), { a: 'xx' })).toEqual({ a: ['Mine.'] });
  });

  it('labels: the form placeholders first, else the key in words', () => {
    expect(fieldLabel(['user_info', 'phones', 0, 'phoneNumber'])).toBe('Phone number');
    expect(fieldLabel(['signature', 'signatureDate'])).toBe('Date');
    expect(fieldLabel([])).toBe('This field');
  });
});

describe('impossible dates and phone numbers that are not', () => {
  it('the registration signature date 31/02/2026 is refused, 28/02/2026 is not', () => {
    const form = (date: string) => ({
      email: 'new@portal.test',
      first_name: 'N',
      last_name: 'P',
      title: 'T',
      mobile_number: '0412345678',
      roles: ['CM'],
      address: '1 St',
      suburb: 'Town',
      state: 'NSW',
      country: 'Australia',
      postcode: '2000',
      committees: [{ id: 1, value: 'Chemical' }],
      signature: { accept: true, name: 'N P', title: 'T', date },
    });
    const bad = registrationRequest.safeParse(form('31/02/2026'));
    expect(bad.success).toBe(false);
    expect(JSON.stringify(bad.error?.issues.map((i) => i.message))).toContain(
      REGISTRATION_MESSAGES.invalidDetail('Date'),
    );
    const good = registrationRequest.safeParse(form('28/02/2026'));
    expect(good.error?.issues.filter((i) => i.path.join('.') === 'signature.date') ?? []).toEqual([]);
  });

  it("a profile's Phone of 'call me maybe' is refused; a real number is taken", () => {
    expect(
      messagesOf(profileChangeRequest, { first_name: 'A', last_name: 'B', mobile_number: 'call me maybe' }),
    ).toEqual({ mobile_number: ['Please input valid detail for Phone'] });
    expect(
      profileChangeRequest.safeParse({ first_name: 'A', last_name: 'B', mobile_number: '+61 400 000 000' }).success,
    ).toBe(true);
  });
});
