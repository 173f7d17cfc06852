import { generate } from 'otplib';
import { SECOND_FACTOR } from '@portal/shared';
import type { TestApp } from '../helpers.js';
import { auth } from '../helpers.js';

/** The app's code for now, or `steps` 30-second steps away (negative: past), as an authenticator app computes it. */
export function totpCode(secret: string, steps = 0, now = Date.now()): Promise<string> {
  return generate({ secret, epoch: Math.floor(now / 1000) + steps * SECOND_FACTOR.totpPeriodSeconds });
}

/** Sets up and confirms an authenticator app through the API; answers its secret and the recovery codes. */
export async function enableApp(t: TestApp, token: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await t.app.inject({ method: 'POST', url: '/api/twofactor/app/setup', headers: auth(token) });
  if (setup.statusCode !== 200) throw new Error(`app setup: ${setup.statusCode} ${setup.body}`);
  const { secret } = setup.json<{ secret: string }>();
  // A code of the step before: the sign-in tests that follow may then use the current step's.
  const confirm = await t.app.inject({
    method: 'POST',
    url: '/api/twofactor/app/confirm',
    headers: auth(token),
    payload: { code: await totpCode(secret, -1) },
  });
  if (confirm.statusCode !== 200) throw new Error(`app confirm: ${confirm.statusCode} ${confirm.body}`);
  return { secret, recoveryCodes: confirm.json<{ recovery_codes: string[] }>().recovery_codes };
}
