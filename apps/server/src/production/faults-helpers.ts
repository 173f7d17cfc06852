import type { SinkMessage } from '../test/processes.js';
import { signIn as signInWith } from './client.js';

/** What the fault tests (faults-*.prod.ts) share beside the suite's client (client.ts): timings and signing in. */

export { call } from './client.js';

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A signed-in token through `base` (the proxy: the password and the code reach different processes). */
export async function signIn(base: string, messages: () => Promise<SinkMessage[]>, email: string): Promise<string> {
  return (await signInWith({ messages }, email, base)).token;
}
