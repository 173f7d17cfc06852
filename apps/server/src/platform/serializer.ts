import { isDeepStrictEqual } from 'node:util';
import { serializerCompiler as checkedSerializer } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { moduleExports } from './module-exports.js';

type Serializer = (data: unknown) => string;
type FastJson = typeof import('fast-json-stringify').default;

let fastJson: FastJson | undefined;
let loading: Promise<void> | undefined;

/**
 * Loads fast-json-stringify, which brings its own Ajv: about 60 ms of a start (bench/README.md,
 * "Work a start did for nothing"). buildApp waits for it; the server's start (main.ts) asks for it
 * only once it listens, and until it has loaded a hot route writes with zod's writer, the one every
 * other route uses: the same JSON, a little slower.
 */
export function loadFastWriters(): Promise<void> {
  return (loading ??= moduleExports(import('fast-json-stringify')).then((m) => {
    fastJson = m;
  }));
}

/** What Fastify gives a serializer compiler; typed loosely so it fits every route's own schema type. */
interface RouteResponse {
  schema: unknown;
  method: string;
  url: string;
}

export interface HotOptions {
  /**
   * The route's arrays hold rows already built as the schema, field for field (the jobs and
   * documents lists by their statements, the invoices by their presenter). fast-json-stringify then hands every array to
   * JSON.stringify (its own `largeArrayMechanism`) instead of writing each field by string
   * concatenation: its per-field writer allocated several times what JSON.stringify does (bench/README.md).
   * The envelope (totals, page) is still written from the schema. Because such arrays
   * are no longer filtered by the schema, `checked` (every server test) writes each answer both ways
   * and fails the request if they differ: a row with a column its schema does not list, or a value
   * the schema would have coerced, shows up in the route's tests.
   */
  rowsShaped?: boolean;
}

const fastOptions = (rowsShaped: boolean) =>
  // largeArraySize 1: every non-empty array (0 is read as "not set" by fast-json-stringify).
  rowsShaped ? { largeArrayMechanism: 'json-stringify' as const, largeArraySize: 1 } : {};

/**
 * The response writer of a hot route (the lists every screen asks for): fast-json-stringify,
 * compiled once (at the route's first answer) from the route's own zod response schema turned into JSON Schema, instead of zod
 * checking the whole answer and JSON.stringify walking it on every call. It writes only the properties the schema names, so a row never leaks a column the
 * schema does not list (with `rowsShaped`, the code that builds the rows guarantees that, checked as above).
 *
 * Compiled serializers trust the handler's types; `checked` (config `checkResponses`: every environment but production, so
 * every server test) runs zod's check first, exactly as the other routes do, so a handler that
 * answers something its schema does not allow fails its tests instead of being written wrongly.
 */
export function hotResponse(
  checked: boolean,
  options: HotOptions = {},
): { serializerCompiler: (route: RouteResponse) => Serializer } {
  const rowsShaped = options.rowsShaped ?? false;
  return {
    serializerCompiler: (route) => {
      const schema = route.schema as z.ZodType;
      // zod's writer: the check outside production, and the writer until fast-json-stringify has loaded.
      const bySchema = (checkedSerializer as unknown as (r: RouteResponse) => Serializer)(route);
      const compile = (shaped: boolean): Serializer => {
        // Compiled at the route's first answer, not at start: compiling every hot route's writer
        // (and fast-json-stringify's own Ajv) was a large part of the cold start (bench/README.md).
        let compiled: Serializer | undefined;
        return (data) => {
          if (compiled) return compiled(data);
          if (!fastJson) return bySchema(data);
          compiled = fastJson(
            z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' }) as object,
            fastOptions(shaped),
          ) as Serializer;
          return compiled(data);
        };
      };
      const fast = compile(rowsShaped);
      if (!checked) return fast;
      const filtered = rowsShaped ? compile(false) : undefined;
      return (data) => {
        bySchema(data); // throws on an answer its schema refuses
        const json = fast(data);
        if (filtered && !isDeepStrictEqual(JSON.parse(json), JSON.parse(filtered(data)))) {
          throw new Error(
            `${route.method} ${route.url}: rows not shaped as the response schema (rowsShaped writes them as they are)`,
          );
        }
        return json;
      };
    },
  };
}
