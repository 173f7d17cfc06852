/**
 * The record id of a route path such as /job/{id}: a positive whole number that fits the database's
 * integer, else null (the page shows 'not found' and makes no call).
 */
export function idFromPath(raw: string | undefined): number | null {
  const id = Number(raw);
  return raw && /^\d+$/.test(raw) && Number.isSafeInteger(id) && id > 0 && id < 2 ** 31 ? id : null;
}
