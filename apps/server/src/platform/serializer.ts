import fastJson from 'fast-json-stringify';
import { serializerCompiler as checkedSerializer } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Serializer = (data: unknown) => string;
/** What Fastify gives a serializer compiler; typed loosely so it fits every route's own schema type. */
interface RouteResponse {
  schema: unknown;
  method: string;
  url: string;
}

/**
 * The response writer of a hot route (the lists every screen asks for): fast-json-stringify,
 * compiled once (at the route's first answer) from the route's own zod response schema turned into JSON Schema, instead of zod
 * checking the whole answer and JSON.stringify walking it on every call (issue 14: about 8 µs a
 * request). It writes only the properties the schema names, so a row never leaks a column the
 * schema does not list.
 *
 * Compiled serializers trust the handler's types; `checked` (config `checkResponses`: every environment but production, so
 * every server test) runs zod's check first, exactly as the other routes do, so a handler that
 * answers something its schema does not allow fails its tests instead of being written wrongly.
 */
export function hotResponse(checked: boolean): { serializerCompiler: (route: RouteResponse) => Serializer } {
  return {
    serializerCompiler: (route) => {
      const schema = route.schema as z.ZodType;
      // Compiled at the route's first answer, not at start: compiling every hot route's writer
      // (and fast-json-stringify's own Ajv) was about 50 ms of the cold start (issue 14).
      let compiled: Serializer | undefined;
      const fast: Serializer = (data) =>
        (compiled ??= fastJson(z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' }) as object) as Serializer)(data);
      if (!checked) return fast;
      const check = (checkedSerializer as unknown as (r: RouteResponse) => Serializer)(route);
      return (data) => {
        check(data);
        return fast(data);
      };
    },
  };
}
