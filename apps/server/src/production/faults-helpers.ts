import { expect } from 'vitest';
import { DEMO_PASSWORD } from '../test/helpers.js';
import type { SinkMessage } from '../test/processes.js';

/** What the fault tests (faults-*.prod.ts) share: calls, timings and signing in through the sink. */

export interface Answer {
  status: number;
  ms: number;
  body: Buffer;
  json<T = Record<string, unknown>>(): T;
}

/** One call to `base + path`, timed from sending to the last byte of the answer. */
export async function call(
  base: string,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string>; raw?: Buffer } = {},
): Promise<Answer> {
  const started = performance.now();
  const res = await fetch(base + path, {
    method,
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.body ? { 'content-type': 'application/json' } : {}),
      ...opts.headers,
    },
    body: opts.raw ?? (opts.body ? JSON.stringify(opts.body) : undefined),
  });
  const body = Buffer.from(await res.arrayBuffer());
  return {
    status: res.status,
    ms: performance.now() - started,
    body,
    json: <T>() => JSON.parse(body.toString()) as T,
  };
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The newest sign-in code mailed to `email`, waiting up to `ms` for it. */
export async function codeFor(messages: () => Promise<SinkMessage[]>, email: string, ms = 10_000): Promise<string> {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(100)) {
    const m = (await messages()).find((x) => x.to.includes(email) && /verification code/.test(x.subject));
    if (m) return m.text.match(/\b(\d{4})\b/)![1]!;
  }
  throw new Error(`no code for ${email}`);
}

/** Signs in through `base` (the proxy: the password and the code reach different processes). */
export async function signIn(base: string, messages: () => Promise<SinkMessage[]>, email: string): Promise<string> {
  const login = await call(base, 'POST', '/api/login', { body: { username: email, password: DEMO_PASSWORD } });
  expect(login.status, login.body.toString()).toBe(200);
  const verify = await call(base, 'POST', '/api/twofactor/verify', {
    token: login.json<{ token: string }>().token,
    body: { code: await codeFor(messages, email) },
  });
  expect(verify.status, verify.body.toString()).toBe(200);
  return verify.json<{ token: string }>().token;
}
