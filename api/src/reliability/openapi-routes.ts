import fc, { type Arbitrary } from 'fast-check';
import Schema from 'typebox/schema';
import { HUGE_TEXT, type Hints, type JsonSchema, jsonBody, textValue, toJsonSchema, validValue } from './schema-arbitraries.js';

export interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

interface MediaType {
  schema?: JsonSchema;
}

export interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, MediaType> };
  responses: Record<string, { content?: Record<string, MediaType> }>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

export interface RouteSpec {
  method: string;
  /** The OpenAPI template, such as /products/{id}. */
  path: string;
  operation: Operation;
}

/** `app.swagger()` is typed for every OpenAPI version; this reads the little the fuzzer needs and checks it is there. */
export function readDocument(doc: unknown): OpenApiDocument {
  const paths = (doc as { paths?: unknown } | null)?.paths;
  if (!paths || typeof paths !== 'object') throw new Error('the OpenAPI document has no paths');
  return doc as OpenApiDocument;
}

export function routesOf(doc: OpenApiDocument): RouteSpec[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );
}

const isParam = (segment: string) => segment.startsWith('{') && segment.endsWith('}');

/**
 * The documented route that answers a method and path, as Fastify's router picks it: per method, and a
 * static segment before a parameter (so /products/featured is never /products/{id}).
 */
export function resolveRoute(routes: readonly RouteSpec[], method: string, url: string): RouteSpec | undefined {
  const segments = url.split('?')[0]?.split('/') ?? [];
  const candidates = routes.filter((route) => {
    if (route.method !== method) return false;
    const template = route.path.split('/');
    return template.length === segments.length && template.every((part, i) => isParam(part) || part === segments[i]);
  });
  const staticness = (route: RouteSpec) => route.path.split('/').map((part) => (isParam(part) ? '0' : '1')).join('');
  return candidates.sort((a, b) => staticness(b).localeCompare(staticness(a)))[0];
}

/** The schema the document promises for an answer: the status itself, else its class (4XX), else default. */
export function declaredResponse(route: RouteSpec, status: number): { declared: boolean; schema?: JsonSchema } {
  const responses = route.operation.responses;
  const entry = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
  if (!entry) return { declared: false };
  return { declared: true, schema: entry.content?.['application/json']?.schema };
}

const validators = new Map<JsonSchema, ReturnType<typeof Schema.Compile>>();

/** The reasons a value breaks a response schema (empty when it matches). */
export function schemaErrors(schema: JsonSchema, value: unknown): string[] {
  let validator = validators.get(schema);
  if (!validator) {
    validator = Schema.Compile(toJsonSchema(schema) as Schema.XSchema);
    validators.set(schema, validator);
  }
  if (validator.Check(value)) return [];
  return validator.Errors(value)[1].map((error) => `${error.instancePath || '/'} ${error.message}`);
}

export type AuthCase = 'anonymous' | 'bad-token' | 'user' | 'owner' | 'admin';

export interface FilePart {
  field: string;
  filename: string;
  type: string;
  content: 'png' | 'text' | 'empty';
}

export type BodyCase =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; contentType: string | null; payload: string }
  | { kind: 'form'; fields: [string, string][]; file: FilePart | null };

export interface FuzzRequest {
  method: string;
  /** Path and query string, encoded as a client would send them (or, on purpose, not quite). */
  url: string;
  body: BodyCase;
  auth: AuthCase;
}

/** A lone surrogate cannot be percent-encoded: what a client would send is its replacement character. */
const wellFormed = (text: string) => text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
const encode = (text: string) => encodeURIComponent(wellFormed(text));

/** Escapes and bytes that a percent-decoder may choke on, sent as they are. */
const rawSegments = ['%zz', '%', '%00', '%C0%AF', '%E0%A4%A', '%2F', '..', '.', '%2e%2e', '%u0041'];

function pathArbitrary(route: RouteSpec, hints: Hints): Arbitrary<string> {
  const parts = route.path.split('/').map((part): Arbitrary<string> => {
    if (!isParam(part)) return fc.constant(part);
    const name = part.slice(1, -1);
    const parameter = route.operation.parameters?.find((p) => p.in === 'path' && p.name === name);
    return fc.oneof(
      { weight: 9, arbitrary: textValue(parameter?.schema ?? { type: 'string' }, hints, name).map(encode) },
      { weight: 1, arbitrary: fc.constantFrom(...rawSegments) },
    );
  });
  return fc.tuple(...parts).map((segments) => segments.join('/'));
}

const queryPoison: [string, string][] = [
  ['__proto__[polluted]', 'yes'],
  ['constructor[prototype][polluted]', 'yes'],
  ['__proto__.polluted', 'yes'],
  ['hasOwnProperty', 'x'],
  ['toString', 'x'],
];

function queryArbitrary(route: RouteSpec, hints: Hints): Arbitrary<string> {
  const documented = (route.operation.parameters ?? []).filter((p) => p.in === 'query');
  const known = documented.map((p) => fc.option(textValue(p.schema, hints, p.name).map((value): [string, string] => [p.name, value]), { nil: undefined }));
  const extra = fc.array(
    fc.oneof(
      fc.constantFrom(...queryPoison),
      fc.tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 })),
      // A repeated parameter arrives as a list.
      ...(documented.length > 0 ? [fc.tuple(fc.constantFrom(...documented.map((p) => p.name)), fc.constantFrom('1', '2', 'products', 'user'))] : []),
    ),
    { maxLength: 3 },
  );
  const encoded = fc.tuple(fc.tuple(...known), extra).map(([listed, more]) =>
    [...listed.filter((pair): pair is [string, string] => pair !== undefined), ...more].map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&'),
  );
  return fc.oneof(
    { weight: 9, arbitrary: encoded.map((query) => (query ? `?${query}` : '')) },
    { weight: 1, arbitrary: fc.constantFrom('?page=%zz', '?%zz', '?&&&', '?page', '?=1', `?page=${'9'.repeat(5000)}`, '?include=%00') },
  );
}

const brokenJson = ['', '{', '{"a":', '[1,', 'nul', '"', '{"a":1}}', "{'a':1}", '{"a":NaN}', '\uFEFF{}', '{"__proto__":{"polluted":"yes"}}'];

/** A body of the wrong kind for any route: a wrong content type, broken JSON, too large. */
const foreignBodies: Arbitrary<BodyCase>[] = [
  fc.constantFrom(...brokenJson).map((payload): BodyCase => ({ kind: 'raw', contentType: 'application/json', payload })),
  fc.constantFrom(
    ['text/plain', 'hello'],
    ['application/xml', '<a><b>1</b></a>'],
    ['application/x-www-form-urlencoded', 'a=1&__proto__[polluted]=yes'],
    ['multipart/form-data', 'no boundary'],
    ['multipart/form-data; boundary=xx', '--xx\r\nContent-Disposition: form-data; name="title"\r\n\r\nabc'],
    ['application/json; charset=latin1', '{}'],
    ['application/octet-stream', '\u0000\u0001'],
    [null, '{"a":1}'],
  ).map(([contentType, payload]): BodyCase => ({ kind: 'raw', contentType, payload })),
  fc.constantFrom<BodyCase>({ kind: 'raw', contentType: 'application/json', payload: JSON.stringify({ text: HUGE_TEXT }) }),
];

function formArbitrary(schema: JsonSchema, hints: Hints): Arbitrary<BodyCase> {
  const properties = Object.entries(schema.properties ?? {});
  const fileFields = properties.filter(([, s]) => s.format === 'binary').map(([name]) => name);
  const textFields = properties.filter(([, s]) => s.format !== 'binary');
  const fields = textFields.map(([name, property]) => {
    if (property.type === 'array') {
      return fc.tuple(fc.array(textValue(property.items ?? {}, hints), { maxLength: 4 }), fc.boolean()).map(([values, brackets]) =>
        values.map((value): [string, string] => [brackets ? `${name}[]` : name, value]),
      );
    }
    return fc.option(textValue(property, hints, name).map((value): [string, string][] => [[name, value]]), { nil: [] });
  });
  const file = fc.option(
    fc.record({
      field: fc.constantFrom(...fileFields, 'other'),
      filename: fc.constantFrom('photo.png', 'photo.jpg', 'notes.txt', '', '../../etc/passwd', '😀.png', 'a'.repeat(300)),
      type: fc.constantFrom('image/png', 'image/jpeg', 'text/plain', 'application/octet-stream'),
      content: fc.constantFrom<FilePart['content']>('png', 'png', 'text', 'empty'),
    }),
    { nil: null },
  );
  const extra = fc.array(fc.tuple(fc.constantFrom('__proto__', 'constructor', 'prototype', 'unknown', 'id'), fc.string({ maxLength: 8 })), { maxLength: 2 });
  const random = fc.tuple(fc.tuple(...fields), extra, file).map(([lists, more, part]): BodyCase => ({ kind: 'form', fields: [...lists.flat(), ...more], file: part }));

  // Random fields almost never make a whole valid form, and the code after the checks (storing, slugs,
  // the search index) would hardly run: half the forms are valid-shaped throughout, with a real image.
  const textSchema: JsonSchema = { ...schema, properties: Object.fromEntries(textFields), required: (schema.required ?? []).filter((key) => !fileFields.includes(key)) };
  const image: FilePart | null = fileFields[0] ? { field: fileFields[0], filename: 'photo.png', type: 'image/png', content: 'png' } : null;
  const valid = validValue(textSchema, hints).map((value): BodyCase => ({
    kind: 'form',
    fields: Object.entries(value as Record<string, unknown>).flatMap(([name, field]) =>
      Array.isArray(field) ? field.map((item): [string, string] => [`${name}[]`, String(item)]) : [[name, String(field)] as [string, string]],
    ),
    file: image,
  }));
  return fc.oneof(random, valid);
}

/**
 * One request to a route: its path parameters, query string and body drawn from the route's schemas,
 * valid-shaped or not, sent by a visitor, a bad token, a user, the owner of the products, or an admin.
 * `formBody` describes a multipart body the document does not.
 */
export function requestArbitrary(route: RouteSpec, hints: Hints, formBody?: JsonSchema): Arbitrary<FuzzRequest> {
  const content = route.operation.requestBody?.content ?? {};
  const json = content['application/json']?.schema;
  const form = content['multipart/form-data']?.schema ?? formBody;
  const own: Arbitrary<BodyCase>[] = [];
  if (json) own.push(jsonBody(json, hints).map((value): BodyCase => ({ kind: 'json', value })));
  if (form) own.push(formArbitrary(form, hints));
  const body: Arbitrary<BodyCase> =
    own.length > 0
      ? fc.oneof({ weight: 8, arbitrary: fc.oneof(...own) }, { weight: 1, arbitrary: fc.constant<BodyCase>({ kind: 'none' }) }, { weight: 3, arbitrary: fc.oneof(...foreignBodies) })
      : fc.oneof(
          { weight: 6, arbitrary: fc.constant<BodyCase>({ kind: 'none' }) },
          { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }).map((value): BodyCase => ({ kind: 'json', value })) },
          { weight: 2, arbitrary: fc.oneof(...foreignBodies) },
        );
  return fc.record({
    method: fc.constant(route.method),
    url: fc.tuple(pathArbitrary(route, hints), queryArbitrary(route, hints)).map(([path, query]) => path + query),
    body,
    auth: fc.constantFrom<AuthCase>('anonymous', 'bad-token', 'user', 'owner', 'admin'),
  });
}

/** The payload and headers of a body, as a client would send them. */
export async function encodeBody(body: BodyCase, png: Buffer): Promise<{ payload?: string | Buffer; headers: Record<string, string> }> {
  switch (body.kind) {
    case 'none':
      return { headers: {} };
    case 'json':
      return { payload: JSON.stringify(body.value) ?? 'null', headers: { 'content-type': 'application/json' } };
    case 'raw':
      return { payload: body.payload, headers: body.contentType ? { 'content-type': body.contentType } : {} };
    case 'form': {
      const form = new FormData();
      for (const [name, value] of body.fields) form.append(name, wellFormed(value));
      if (body.file) {
        const bytes = body.file.content === 'png' ? png : body.file.content === 'text' ? Buffer.from('not an image') : Buffer.alloc(0);
        form.append(body.file.field, new Blob([new Uint8Array(bytes)], { type: body.file.type }), body.file.filename);
      }
      const request = new Request('http://fuzz.invalid/', { method: 'POST', body: form });
      return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type') ?? '' } };
    }
  }
}
