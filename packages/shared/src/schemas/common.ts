import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { applySpecMessages } from './error-map.js';

/** The one error shape of every failed call (DESIGN "How a request flows"). */
export const errorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const messageBody = z.object({ message: z.string() });
export type MessageBody = z.infer<typeof messageBody>;

/**
 * Rules every request field follows, written once. PostgreSQL cannot
 * store a NUL character in text and refuses integers beyond 32 bits; without these rules such
 * input reached the database and answered 500. A test walks the OpenAPI document and fails for a
 * request field of any route, present or future, that does not carry them.
 */

/** The largest value of a PostgreSQL `integer` (ids, counts, page numbers). */
export const PG_INT_MAX = 2_147_483_647;
export const PG_INT_MIN = -2_147_483_648;

/** No NUL (U+0000). The source is what the route-walk test looks for in the OpenAPI patterns. */
// eslint-disable-next-line no-control-regex -- the NUL character is exactly what this rule refuses
export const NO_NUL = /^[^\u0000]*$/;

/**
 * Every string a client sends: z.string() with the NUL rule. Chain .trim(), .max() ... after it.
 * Each builder here first makes sure the spec's messages are set (error-map.ts), on the web as on the server.
 */
export const safeString = (params?: Parameters<typeof z.string>[0]) => (
  applySpecMessages(),
  z.string(params).regex(NO_NUL, MESSAGES.nulCharacter)
);

/** An integer a client sends (path, query or body), within PostgreSQL's integer range. */
export const safeInt = (params?: Parameters<typeof z.coerce.number>[0]) => (
  applySpecMessages(),
  z.coerce.number(params).int().min(PG_INT_MIN, MESSAGES.numberOutOfRange).max(PG_INT_MAX, MESSAGES.numberOutOfRange)
);

/** A record id a client sends: a positive integer within PostgreSQL's integer range. */
export const safeId = (params?: Parameters<typeof z.coerce.number>[0]) => (
  applySpecMessages(),
  z.coerce.number(params).int().positive().max(PG_INT_MAX, MESSAGES.numberOutOfRange)
);
