import { primaryContactOf, REGISTRATION_MESSAGES as M, type PrimaryContactField } from '@portal/shared';
import type { Tx } from '../../db/client.js';
import type { userInfos, users } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { findUserIdByEmail } from '../registration/index.js';
import { updateUserContact, upsertUserInfo } from './profile.queries.js';

type Info = Pick<Partial<typeof userInfos.$inferInsert>, 'emails' | 'phones' | 'addresses'>;

const COLUMNS: Record<PrimaryContactField, keyof typeof users.$inferInsert> = {
  email: 'email',
  mobile_number: 'mobileNumber',
  address: 'address',
  country: 'country',
  state: 'state',
  suburb: 'suburb',
  postcode: 'postcode',
};

/** The users columns an assessor's primary rows stand for (empty values as null, as the flat form stores them). */
export function contactColumns(info: Info): Partial<Record<string, string | null>> {
  const out: Partial<Record<string, string | null>> = {};
  for (const [field, value] of Object.entries(primaryContactOf(info)))
    out[COLUMNS[field as PrimaryContactField]] = field === 'email' ? value : value || null;
  return out;
}

/**
 * Saves an assessor's emails, phones or addresses and copies their primary values into the flat
 * email, mobile_number and address fields in the same transaction, so the two never disagree.
 * A primary email another user signs in with is refused (409).
 */
export async function saveUserInfo(tx: Tx, userId: number, info: Info): Promise<void> {
  await upsertUserInfo(tx, userId, info);
  const columns = contactColumns(info);
  if (columns.email) {
    const owner = await findUserIdByEmail(tx, columns.email);
    if (owner !== null && owner !== userId) throw new AppError(409, M.emailTaken);
  }
  if (Object.keys(columns).length) await updateUserContact(tx, userId, columns);
}
