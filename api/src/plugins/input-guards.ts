import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, validationFailed } from '../http-errors.js';
import { fieldErrors, NO_NUL_KEYWORD } from '../validation-messages.js';

interface SchemaNode {
  type?: string | string[];
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
}

type RouteSchema = Partial<Record<'params' | 'querystring' | 'body', SchemaNode>> & { consumes?: string[] };

const schemaOf = (request: FastifyRequest) => request.routeOptions.schema as RouteSchema | undefined;

const isNumeric = (schema: SchemaNode) => [schema.type].flat().some((type) => type === 'integer' || type === 'number');

/** Where a validated value cannot be used, as a JSON pointer, and the keyword of the rule it breaks. */
interface Unusable {
  path: string;
  keyword: 'type' | typeof NO_NUL_KEYWORD;
  params: Record<string, unknown>;
}

/**
 * The first value the schemas let through that the API cannot use: a number that is not finite, or text
 * with a NUL character (PostgreSQL cannot store or even compare it). Follows the schema rather than the
 * value, so a deeply nested body costs nothing.
 */
function unusable(schema: SchemaNode, value: unknown, path = ''): Unusable | null {
  if (typeof value === 'number' && !Number.isFinite(value) && isNumeric(schema)) {
    return { path, keyword: 'type', params: { type: [schema.type].flat().includes('integer') ? 'integer' : 'number' } };
  }
  if (typeof value === 'string') return value.includes('\u0000') ? { path, keyword: NO_NUL_KEYWORD, params: {} } : null;
  if (!value || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    if (!schema.items) return null;
    for (const [i, item] of value.entries()) {
      const found = unusable(schema.items, item, `${path}/${i}`);
      if (found) return found;
    }
    return null;
  }
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    if (!Object.hasOwn(value, key)) continue;
    const found = unusable(property, (value as Record<string, unknown>)[key], `${path}/${key}`);
    if (found) return found;
  }
  return null;
}

/** The media type of a Content-Type header, without parameters, lower-cased. */
function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/**
 * Input that passes the schemas and yet is not what a route can take. A route with a JSON body schema
 * takes JSON only (or what its `consumes` lists besides JSON): Fastify would otherwise parse text/plain into a
 * string and let a multipart body through unread, and either became a confusing 422. Ajv, coercing text
 * such as "1e309" or "Infinity" to a number, skips its range checks for the result, so a page of
 * Infinity reached the database and the serializer; and a NUL character in any text (a slug, an email, a
 * message) made PostgreSQL fail the query. Those two were 500s; they are now the 422 of a broken rule.
 */
export const inputGuardsPlugin = fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      const schema = schemaOf(request);
      // A route that takes forms only reads them itself, and answers anything else with its own 415.
      if (!schema?.body || (schema.consumes && !schema.consumes.includes('application/json'))) return;
      const type = mediaType(request.headers['content-type']);
      if (type !== '' && !(schema.consumes ?? ['application/json']).includes(type)) throw new HttpError(415, 'request.content_type');
    });

    app.addHook('preHandler', async (request) => {
      const schema = schemaOf(request);
      if (!schema) return;
      const parts = [['params', request.params], ['querystring', request.query], ['body', request.body]] as const;
      for (const [context, value] of parts) {
        const partSchema = schema[context];
        const found = partSchema ? unusable(partSchema, value) : null;
        if (found) throw validationFailed(fieldErrors([{ keyword: found.keyword, instancePath: found.path, params: found.params }], partSchema));
      }
    });
  },
  { name: 'input-guards', dependencies: ['errors'] },
);
