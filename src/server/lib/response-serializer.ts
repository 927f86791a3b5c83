import { $ZodType, safeParse } from 'zod/v4/core';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';

/**
 * Writes a route's answer after checking it against the route's Zod response schema: a property
 * the schema does not name is dropped (an answer never carries more than docs/api.md says), and an
 * answer that does not fit fails as a server error instead of reaching the client.
 *
 * The check is Zod's forward parse. fastify-type-provider-zod's own serializer encodes instead,
 * which on a schema with checks (a format, a length) parses every such value twice: twice the cost
 * on every answer, for codecs no response schema uses. A schema whose encoding would differ from its
 * parse (a transform, codec, default or catch) is refused when the route is compiled, so the
 * difference cannot slip in unnoticed.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema, method, url }) => {
  if (!(schema instanceof $ZodType)) throw new Error(`${method} ${url}: a response schema is a Zod schema`);
  const directional = directionalPart(schema);
  if (directional)
    throw new Error(`${method} ${url}: a response schema has no ${directional}; answers are written as they are`);
  return (data) => {
    const result = safeParse(schema, data);
    if (!result.success) throw new ResponseSchemaError(method, url, result.error);
    return JSON.stringify(result.data);
  };
};

export class ResponseSchemaError extends Error {
  constructor(method: string, url: string, cause: unknown) {
    super(`${method} ${url}: the answer does not match its response schema`, { cause });
    this.name = 'ResponseSchemaError';
  }
}

/** Zod kinds whose encoding differs from their parse. */
const DIRECTIONAL_KINDS = new Set(['transform', 'pipe', 'default', 'prefault', 'catch']);

/** The first directional kind in a schema's tree, or undefined. */
function directionalPart(root: $ZodType): string | undefined {
  const seen = new Set<$ZodType>();
  const visit = (schema: $ZodType): string | undefined => {
    if (seen.has(schema)) return undefined;
    seen.add(schema);
    const def = schema._zod.def as unknown as Record<string, unknown>;
    if (DIRECTIONAL_KINDS.has(def.type as string)) return def.type as string;
    for (const [key, value] of Object.entries(def)) {
      const children =
        key === 'shape'
          ? Object.values(value as object)
          : key === 'getter' && typeof value === 'function'
            ? [(value as () => unknown)()]
            : Array.isArray(value)
              ? value
              : [value];
      for (const child of children) {
        const found = child instanceof $ZodType ? visit(child) : undefined;
        if (found) return found;
      }
    }
    return undefined;
  };
  return visit(root);
}
