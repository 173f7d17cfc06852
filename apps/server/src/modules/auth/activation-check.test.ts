import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@portal/shared';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { makeUser } from '../../test/factories/users.js';
import { createActivationLink } from './auth.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
});
afterAll(() => t.close());

const check = (token: string) =>
  t.app.inject({ method: 'GET', url: `/api/activation/check?token=${encodeURIComponent(token)}` });

describe('GET /api/activation/check: the activation page asks before the user types a password', () => {
  it('answers 200 for a live link without using it, and 400 with the spec’s message once it is used or unknown', async () => {
    const user = await makeUser(t.database.db, { email: 'fresh@portal.test' });
    const token = new URL(await createActivationLink(t.app.deps, user.id, user.email)).searchParams.get('token')!;
    expect((await check(token)).json()).toEqual({ message: MESSAGES.resetLinkValid });
    expect((await check(token)).statusCode).toBe(200); // checking does not use it
    const body = { token, username: user.email, password: 'first-pass', password_confirmation: 'first-pass' };
    expect((await t.app.inject({ method: 'POST', url: '/api/activation', payload: body })).statusCode).toBe(200);
    const used = await check(token);
    expect(used.statusCode).toBe(400);
    expect(used.json().message).toBe(MESSAGES.activationInvalid);
    expect((await check('not-a-token')).json().message).toBe(MESSAGES.activationInvalid);
    expect((await t.app.inject({ method: 'GET', url: '/api/activation/check' })).json().message).toBe(
      MESSAGES.activationInvalid,
    );
  });
});
