import { expect } from 'vitest';
import { DEMO_PASSWORD } from '../db/seed/demo-data.js';
import { multipart, type Part } from '../test/multipart.js';
import type { SinkMessage } from '../test/processes.js';

/**
 * The production suite's HTTP client: plain fetch against a process or the proxy, as a browser or
 * an operator's probe would call the portal, and the mail the SMTP sink received.
 */

export interface Answer {
  status: number;
  /** From sending to the last byte of the answer. */
  ms: number;
  headers: Headers;
  buffer: Buffer;
  text(): string;
  json<T = Record<string, unknown>>(): T;
}

async function answer(res: Response, started: number): Promise<Answer> {
  const buffer = Buffer.from(await res.arrayBuffer());
  return {
    status: res.status,
    ms: performance.now() - started,
    headers: res.headers,
    buffer,
    text: () => buffer.toString(),
    json: <T>() => JSON.parse(buffer.toString()) as T,
  };
}

export async function call(
  base: string,
  method: string,
  url: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string>; raw?: Buffer } = {},
): Promise<Answer> {
  const started = performance.now();
  return answer(
    await fetch(base + url, {
      method,
      headers: {
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...(opts.body ? { 'content-type': 'application/json' } : {}),
        ...opts.headers,
      },
      body: opts.raw ?? (opts.body ? JSON.stringify(opts.body) : undefined),
    }),
    started,
  );
}

/** A multipart/form-data POST, as the web app's upload forms send it. */
export async function upload(base: string, url: string, token: string, parts: Part[]): Promise<Answer> {
  const m = multipart(parts);
  const started = performance.now();
  return answer(
    await fetch(base + url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, ...m.headers },
      body: m.payload,
    }),
    started,
  );
}

/** Mail arrives after the outbox's worker passes: waits up to 15 s for the newest message that matches. */
export async function mailFor(
  sink: { messages(): Promise<SinkMessage[]> },
  match: (m: SinkMessage) => boolean,
): Promise<SinkMessage> {
  for (let i = 0; i < 150; i++) {
    const m = (await sink.messages()).find(match);
    if (m) return m;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('no such mail arrived');
}

/** The code of the newest verification mail to the address. */
export async function codeFor(sink: { messages(): Promise<SinkMessage[]> }, email: string): Promise<string> {
  const m = await mailFor(sink, (x) => x.to.includes(email) && /verification code/.test(x.subject));
  return /\b(\d{4})\b/.exec(m.text)![1]!;
}

/** The value of a cookie the answer sets (fetch leaves cookies to its caller). */
export function cookieOf(res: Answer, name: string): string | undefined {
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(';');
    const at = pair!.indexOf('=');
    if (pair!.slice(0, at) === name) return pair!.slice(at + 1);
  }
  return undefined;
}

/**
 * Signs in with the password at `first` and the emailed code at `second` (the same address twice:
 * the proxy, whose consecutive requests land on different processes). Answers the signed-in token
 * and the verify answer (its remember-me cookie when `remember` is set).
 */
export async function signIn(
  sink: { messages(): Promise<SinkMessage[]> },
  email: string,
  first: string,
  second = first,
  opts: { remember?: boolean } = {},
) {
  const login = await call(first, 'POST', '/api/login', { body: { username: email, password: DEMO_PASSWORD } });
  expect(login.status, login.text()).toBe(200);
  expect(login.json().two_factor_required).toBe(true);
  const verify = await call(second, 'POST', '/api/twofactor/verify', {
    token: login.json<{ token: string }>().token,
    body: { code: await codeFor(sink, email), ...(opts.remember ? { remember_me: true } : {}) },
  });
  expect(verify.status, verify.text()).toBe(200);
  return { token: verify.json<{ token: string }>().token, verify };
}
