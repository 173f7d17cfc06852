import { expect, latestCode, mailMark, messagesTo, test } from '../helpers.js';

/** The sign-in code really travels over SMTP (no browser needed). */
test.describe('sign-in API with the code mailed over SMTP', () => {
  test('login -> code by email -> verify -> active user', async ({ request }) => {
    const since = await mailMark('ta@portal.test');
    const login = await request.post('/api/login', {
      data: { username: 'ta@portal.test', password: 'portal-demo', rememberMe: false },
    });
    expect(login.status()).toBe(200);
    const body = (await login.json()) as { token: string; two_factor_required: boolean; tf_type: string };
    expect(body).toMatchObject({ two_factor_required: true, tf_type: 'email' });

    const code = await latestCode('ta@portal.test', since);
    const [mail] = await messagesTo('ta@portal.test');
    expect(mail!.subject).toBe('Members Portal verification code');
    expect(mail!.text).toContain(code);

    const headers = { authorization: `Bearer ${body.token}` };
    expect(
      (await request.get('/api/activeuser', { headers })).status(),
      'a pending token opens only the two-factor calls',
    ).toBe(401);

    const verify = await request.post('/api/twofactor/verify', { headers, data: { code, remember_me: false } });
    expect(verify.status()).toBe(200);
    const { token } = (await verify.json()) as { token: string };

    const active = await request.get('/api/activeuser', { headers: { authorization: `Bearer ${token}` } });
    expect(active.status()).toBe(200);
    expect(await active.json()).toMatchObject({ user: { email: 'ta@portal.test' }, permissions: ['TA'] });
  });

  test('a wrong code answers 422 with the spec message', async ({ request }) => {
    const since = await mailMark('cm@portal.test');
    const login = await request.post('/api/login', { data: { username: 'cm@portal.test', password: 'portal-demo' } });
    const { token } = (await login.json()) as { token: string };
    const code = await latestCode('cm@portal.test', since);
    const wrong = String((Number(code) + 1) % 10_000).padStart(4, '0');
    const verify = await request.post('/api/twofactor/verify', {
      headers: { authorization: `Bearer ${token}` },
      data: { code: wrong, remember_me: false },
    });
    expect(verify.status()).toBe(422);
    expect(await verify.json()).toEqual({ message: 'Invalid token. Try again!' });
  });

  test('the development mailbox is off in production', async ({ request }) => {
    expect((await request.get('/api/dev/mail')).status()).toBe(404);
  });
});
