import { login } from '../login.mjs';

/**
 * A call set of this folder by name (`CALLS`, default jobs), with the database URL to run it on
 * (`DATABASE_URL` or the set's own database) and `list(portalUrl)`, which signs the set's users in
 * through the dev mailbox of a development start and answers its calls.
 */
export async function callSet(name = process.env.CALLS ?? 'jobs') {
  const set = await import(new URL(`./${name}.mjs`, import.meta.url));
  return {
    name,
    ...set,
    databaseUrl: process.env.DATABASE_URL ?? `postgres://postgres@127.0.0.1:5432/${set.database}`,
    async list(portalUrl) {
      const tokens = [];
      for (const email of set.emails) tokens.push(await login(portalUrl, email));
      return set.calls(portalUrl, tokens);
    },
  };
}

/** The calls `ONLY` names (`call` or `call:ROLE`, comma-separated), or all of them without it. */
export function onlyNamed(list, only = process.env.ONLY?.split(',')) {
  return list.filter((c) => !only || only.includes(c.call) || only.includes(`${c.call}:${c.role}`));
}
