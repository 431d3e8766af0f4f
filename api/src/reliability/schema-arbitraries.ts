import fc, { type Arbitrary } from 'fast-check';

/**
 * The part of JSON Schema the routes use, as @fastify/swagger writes it into the OpenAPI 3.0 document
 * (where a nullable value is `nullable: true` rather than a type list).
 */
export interface JsonSchema {
  type?: string | string[];
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  [keyword: string]: unknown;
}

/**
 * Values that exist in the test's database, by property or parameter name (product ids, slugs, store
 * links). Random valid-shaped input almost never names an existing row, so without these the code
 * behind the lookups (the part most likely to fail) would hardly run.
 */
export type Hints = Readonly<Record<string, Arbitrary<unknown>>>;

/** Short, so generated input stays quick to send; the huge cases are explicit below. */
const SHORT = 40;
/** Over the API's 64 KB body limit once it sits in a JSON body or a form. */
export const HUGE_TEXT = 'x'.repeat(70_000);

const awkwardStrings = [
  '', ' ', '\u0000', 'a\u0000b', '\t\r\n', 'null', 'undefined', 'true', '[]', '{}', '__proto__', 'constructor', 'prototype',
  "' OR '1'='1' --", '"; DROP TABLE products; --', '../../etc/passwd', '%00', '%zz', '<script>alert(1)</script>',
  '😀', '👩‍👩‍👧‍👦', '\u202eevil', 'Ａｂｃ', 'ß', 'İ', 'a\u0301', '\uFEFF', 'ﷺ', '𝕏',
];

/** Control characters: PostgreSQL refuses a NUL in text, in a stored value and in a comparison alike. */
const controlStrings = ['\u0000', 'a\u0000b', '\u0000'.repeat(3), '\u0001\u001f\u007f', 'x\u0008\u001b[31m'];

/** Texts that a number parser may read in surprising ways. */
const numberishStrings = [
  '0', '-0', '-1', '1.5', '1e3', '1e309', '-1e309', 'NaN', 'Infinity', '-Infinity', '0x1F', '0b1', '0o7', '+1', ' 1', '1 ',
  '１２', '2147483647', '2147483648', '-2147483649', '9007199254740993', '9'.repeat(40), '1_000', '١٢٣',
];

const hugeStrings = ['x'.repeat(10_000), '😀'.repeat(3_000), HUGE_TEXT];

const lengthOf = (s: string) => [...s].length;

function types(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties) return ['object'];
  return [];
}

/** A value the schema accepts (or, for formats and patterns fast-check cannot honour exactly, very nearly). */
export function validValue(schema: JsonSchema, hints: Hints = {}, name?: string): Arbitrary<unknown> {
  const plain = validByType(schema, hints);
  const hint = name === undefined ? undefined : hints[name];
  return hint ? fc.oneof({ weight: 2, arbitrary: hint }, { weight: 1, arbitrary: plain }) : plain;
}

function validByType(schema: JsonSchema, hints: Hints): Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => validValue(s, hints)));
  const kinds = types(schema);
  const arbitraries = kinds.map((kind): Arbitrary<unknown> => {
    switch (kind) {
      case 'string':
        return validString(schema);
      case 'integer':
        return validNumber(schema, true);
      case 'number':
        return validNumber(schema, false);
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array':
        return fc.array(validValue(schema.items ?? {}, hints), {
          minLength: schema.minItems ?? 0,
          maxLength: Math.min(schema.maxItems ?? 5, (schema.minItems ?? 0) + 5),
        });
      case 'object':
        return validObject(schema, hints);
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  });
  if (schema.nullable) arbitraries.push(fc.constant(null));
  if (arbitraries.length === 0) return fc.jsonValue({ maxDepth: 2 });
  return arbitraries.length === 1 && arbitraries[0] ? arbitraries[0] : fc.oneof(...arbitraries);
}

function validString(schema: JsonSchema): Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Math.max(min, SHORT);
  const fits = (s: string) => lengthOf(s) >= min && lengthOf(s) <= max;
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
  if (schema.format === 'email') return fc.emailAddress().filter(fits);
  const upTo = Math.min(max, min + SHORT);
  // Boundaries in characters that are one, two and four bytes long: limits counted in UTF-16 units,
  // bytes or code points disagree exactly there.
  const boundaries = [...new Set([min, max])].flatMap((n) => ['x', 'é', '😀'].map((c) => c.repeat(n)));
  const awkward = awkwardStrings.filter(fits);
  const control = controlStrings.filter(fits);
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength: min, maxLength: upTo, unit: 'grapheme' }) },
    { weight: 2, arbitrary: fc.string({ minLength: min, maxLength: upTo, unit: 'binary' }) },
    { weight: 1, arbitrary: fc.constantFrom(...boundaries) },
    ...(awkward.length > 0 ? [{ weight: 1, arbitrary: fc.constantFrom(...awkward) }] : []),
    ...(control.length > 0 ? [{ weight: 1, arbitrary: fc.constantFrom(...control) }] : []),
  );
}

function validNumber(schema: JsonSchema, integer: boolean): Arbitrary<number> {
  const min = schema.minimum ?? (integer ? -2_147_483_648 : -1e9);
  const max = schema.maximum ?? (integer ? 2_147_483_647 : 1e9);
  const inRange = integer ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  return fc.oneof({ weight: 3, arbitrary: inRange }, { weight: 1, arbitrary: fc.constantFrom(min, max) });
}

function validObject(schema: JsonSchema, hints: Hints): Arbitrary<Record<string, unknown>> {
  const properties = schema.properties;
  if (!properties) return fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 4 });
  const model: Record<string, Arbitrary<unknown>> = {};
  for (const [key, property] of Object.entries(properties)) model[key] = validValue(property, hints, key);
  return fc.record(model, { requiredKeys: (schema.required ?? []).filter((key) => key in model) });
}

/** Any JSON value that is not of the schema's type. */
function wrongType(schema: JsonSchema): Arbitrary<unknown> {
  const kinds = new Set(types(schema));
  const others: Arbitrary<unknown>[] = [];
  if (!kinds.has('string')) others.push(fc.constantFrom('', 'abc', '1', 'true', 'null', '😀'));
  if (!kinds.has('integer') && !kinds.has('number')) others.push(fc.constantFrom(0, -1, 1.5, 1e308, -1e308));
  if (!kinds.has('boolean')) others.push(fc.boolean());
  if (!kinds.has('null') && !schema.nullable) others.push(fc.constant(null));
  if (!kinds.has('array')) others.push(fc.constantFrom([], [1, 'a'], [null], [[]]));
  if (!kinds.has('object')) others.push(fc.constantFrom({}, { a: 1 }, { toString: 'x', valueOf: 1 }));
  return others.length > 0 ? fc.oneof(...others) : fc.constant(undefined);
}

/** A value that breaks the schema: a wrong type, a broken limit, a missing or unexpected field, a poisoned key. */
export function invalidValue(schema: JsonSchema, hints: Hints = {}): Arbitrary<unknown> {
  const breaks: Arbitrary<unknown>[] = [wrongType(schema)];
  const kinds = types(schema);
  if (kinds.includes('string')) breaks.push(invalidString(schema));
  if (kinds.includes('integer') || kinds.includes('number')) breaks.push(invalidNumber(schema, kinds.includes('integer')));
  if (kinds.includes('array')) {
    const items = schema.items ?? {};
    breaks.push(fc.array(invalidValue(items, hints), { minLength: 1, maxLength: 3 }));
    if (schema.maxItems !== undefined) breaks.push(fc.array(validValue(items, hints), { minLength: schema.maxItems + 1, maxLength: schema.maxItems + 3 }));
    if (schema.minItems) breaks.push(fc.constant([]));
  }
  if (kinds.includes('object')) breaks.push(invalidObject(schema, hints));
  return fc.oneof(...breaks);
}

function invalidString(schema: JsonSchema): Arbitrary<string> {
  const out: string[] = [...awkwardStrings, ...controlStrings, ...hugeStrings.slice(0, 2)];
  if (schema.maxLength !== undefined) out.push('x'.repeat(schema.maxLength + 1), '😀'.repeat(schema.maxLength + 1));
  if (schema.minLength) out.push('', 'x'.repeat(schema.minLength - 1));
  if (schema.format === 'email') out.push('not-an-email', '@', 'a@', '@b.co', 'a@b', 'a@@b.co', ' a@b.co ', 'a b@c.co', 'ä@ö.ü', `${'a'.repeat(250)}@b.co`);
  if (schema.pattern) out.push('a', 'ab', 'a b c', 'ünïcode', 'x'.repeat(31), '../x', 'a;b');
  return fc.oneof(fc.constantFrom(...out), fc.string({ unit: 'binary', maxLength: SHORT }));
}

function invalidNumber(schema: JsonSchema, integer: boolean): Arbitrary<unknown> {
  const out: unknown[] = [1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 0.1];
  if (integer) out.push(1.5, -0.5, 2 ** 31, -(2 ** 31) - 1);
  if (schema.minimum !== undefined) out.push(schema.minimum - 1, schema.minimum - 0.5);
  if (schema.maximum !== undefined) out.push(schema.maximum + 1, schema.maximum + 0.5);
  return fc.oneof(fc.constantFrom(...out), fc.constantFrom(...numberishStrings));
}

/** Sets a property as an own, enumerable one, so that JSON.stringify writes `__proto__` as a plain key. */
export function withOwnKey(target: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(target)) Object.defineProperty(copy, k, { value: v, enumerable: true, writable: true, configurable: true });
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

/** Keys that pollute Object.prototype if a server merges parsed JSON naively. */
export const poisonedEntries: readonly [string, unknown][] = [
  ['__proto__', { polluted: 'yes' }],
  ['constructor', { prototype: { polluted: 'yes' } }],
  ['prototype', { polluted: 'yes' }],
];

function invalidObject(schema: JsonSchema, hints: Hints): Arbitrary<unknown> {
  const valid = validObject(schema, hints);
  const properties = Object.entries(schema.properties ?? {});
  const breaks: Arbitrary<unknown>[] = [
    valid.chain((object) => fc.constantFrom(...poisonedEntries).map(([key, value]) => withOwnKey(object, key, value))),
    // Poison one level down too, where a merge of a nested object would reach it.
    valid.chain((object) =>
      fc.constantFrom(...poisonedEntries).map(([key, value]) => withOwnKey(object, properties[0]?.[0] ?? 'nested', withOwnKey({}, key, value))),
    ),
    valid.chain((object) => fc.tuple(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 })).map(([key, value]) => withOwnKey(object, key, value))),
  ];
  const required = schema.required ?? [];
  if (required.length > 0) {
    breaks.push(valid.chain((object) => fc.constantFrom(...required).map((key) => withoutKey(object, key))));
  }
  if (properties.length > 0) {
    breaks.push(
      valid.chain((object) =>
        fc.constantFrom(...properties).chain(([key, property]) => invalidValue(property, hints).map((value) => withOwnKey(object, key, value))),
      ),
    );
  }
  return fc.oneof(...breaks);
}

function withoutKey(object: Record<string, unknown>, key: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(object).filter(([k]) => k !== key));
}

/** A value as text for a path segment, a query parameter or a form field: valid-shaped, or not. */
export function textValue(schema: JsonSchema, hints: Hints = {}, name?: string): Arbitrary<string> {
  const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value) ?? '');
  return fc.oneof(
    { weight: 4, arbitrary: validValue(schema, hints, name).map(asText) },
    { weight: 2, arbitrary: invalidValue(schema, hints).map(asText) },
    { weight: 1, arbitrary: fc.constantFrom(...numberishStrings, ...awkwardStrings) },
    { weight: 1, arbitrary: fc.constantFrom(...controlStrings) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: SHORT }) },
    { weight: 1, arbitrary: fc.constantFrom(...hugeStrings.slice(0, 2)) },
  );
}

/** A JSON body for the schema: mostly valid-shaped, often broken in one place. */
export function jsonBody(schema: JsonSchema, hints: Hints = {}): Arbitrary<unknown> {
  return fc.oneof({ weight: 3, arbitrary: validValue(schema, hints) }, { weight: 3, arbitrary: invalidValue(schema, hints) }, { weight: 1, arbitrary: fc.jsonValue() });
}

/**
 * OpenAPI 3.0's `nullable` as JSON Schema's type list, so a standard validator can check an answer
 * against what the document promises.
 */
export function toJsonSchema(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'nullable') continue;
    if (key === 'properties' && value && typeof value === 'object') {
      out.properties = Object.fromEntries(Object.entries(value as Record<string, JsonSchema>).map(([k, v]) => [k, toJsonSchema(v)]));
    } else if ((key === 'items' || key === 'additionalProperties') && value && typeof value === 'object') {
      out[key] = toJsonSchema(value as JsonSchema);
    } else if ((key === 'anyOf' || key === 'oneOf' || key === 'allOf') && Array.isArray(value)) {
      out[key] = (value as JsonSchema[]).map(toJsonSchema);
    } else {
      out[key] = value;
    }
  }
  if (schema.nullable && typeof schema.type === 'string') out.type = [schema.type, 'null'];
  return out;
}
