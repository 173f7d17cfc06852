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

/**
 * The calls `ONLY` names (`call` or `call:ROLE`, separated by commas), or all of them without it. A
 * comma followed by a space belongs to a name ("audit, by days"), so it does not separate.
 */
export function onlyNamed(list, only = process.env.ONLY?.split(/,(?! )/)) {
  return list.filter((c) => !only || only.includes(c.call) || only.includes(`${c.call}:${c.role}`));
}

/** A call's path as printed: no query, and the calendar feed's secret address left out. */
export function shownPath(p) {
  return p.split('?')[0].replace(/(\/calendar\/ics\/\d+\.)[^/]*/, '$1[secret].ics');
}
