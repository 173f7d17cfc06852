/**
 * Signs a demo or generated user in against a running portal, reading the second-factor code from
 * the development mailbox (NODE_ENV must not be production). Answers the bearer token.
 */
export async function login(base, email, password = 'portal-demo') {
  return (await loginSession(base, email, password)).token;
}

/**
 * As login, answering what the web app's sign-in keeps too: the verified token, the roles
 * (`permissions`) and the first committee's id (null without one).
 */
export async function loginSession(base, email, password = 'portal-demo') {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  const { token: pending, permissions, committees } = await res.json();
  const mail = await (await fetch(`${base}/api/dev/mail`)).json();
  const message = mail.messages.find((m) => m.to === email);
  const code = message?.text.match(/\b(\d{4})\b/)?.[1];
  if (!code) throw new Error(`no code for ${email}`);
  const verify = await fetch(`${base}/api/twofactor/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${pending}` },
    body: JSON.stringify({ code }),
  });
  if (!verify.ok) throw new Error(`verify ${email}: ${verify.status} ${await verify.text()}`);
  return { token: (await verify.json()).token, permissions, committeeId: committees[0]?.id ?? null };
}
