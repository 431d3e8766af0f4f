import type { FieldTexts } from './http-errors.js';
import { type ApiText, type MessageCode, text } from './i18n/api-text.js';

/**
 * Turns JSON-Schema validation errors (Ajv's from Fastify, TypeBox's for multipart forms; both use the
 * same shape) into the API's `{ field: [messages] }`, as message codes that the errors plugin writes in the
 * request's language. A property schema may carry `x-error`: the code of the one message to show for any
 * failure of that field.
 */
export interface SchemaError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

interface PropertySchema {
  'x-error'?: MessageCode;
  type?: string | string[];
  [key: string]: unknown;
}

export const CUSTOM_MESSAGE_KEYWORD = 'x-error';
/** Not a JSON Schema keyword: text with a NUL character, which the schemas allow and PostgreSQL cannot store. */
export const NO_NUL_KEYWORD = 'noNul';

export function fieldErrors(errors: readonly SchemaError[], schema: unknown): FieldTexts {
  const properties = (schema as { properties?: Record<string, PropertySchema> } | undefined)?.properties ?? {};
  const out: FieldTexts = {};
  const add = (field: string, message: ApiText) => {
    const list = (out[field] ??= []);
    if (!list.some((m) => sameText(m, message))) list.push(message);
  };
  for (const error of errors) {
    for (const field of fieldsOf(error)) {
      const custom = properties[field]?.[CUSTOM_MESSAGE_KEYWORD];
      add(field, custom ? text(custom, { field }) : messageFor(error, field));
    }
  }
  return out;
}

const sameText = (a: ApiText, b: ApiText) => a.code === b.code && JSON.stringify(a.values) === JSON.stringify(b.values);

function fieldsOf(error: SchemaError): string[] {
  if (error.keyword === 'required') {
    const missing = error.params.missingProperty ?? error.params.requiredProperties;
    const names = Array.isArray(missing) ? missing.map(String) : [String(missing)];
    return names.map((n) => n.replace(/^\//, ''));
  }
  const first = error.instancePath.split('/')[1];
  return [first ? decodeURIComponent(first) : 'body'];
}

const TYPE_NAMES = new Set(['integer', 'number', 'string', 'array', 'boolean', 'object']);

function messageFor(error: SchemaError, field: string): ApiText {
  const p = error.params;
  const limit = Number(p.limit);
  switch (error.keyword) {
    case 'required':
      return text('validation.required', { field });
    case 'minLength':
      return limit <= 1 ? text('validation.required', { field }) : text('validation.min_length', { field, count: limit });
    case 'maxLength':
      return text('validation.max_length', { field, count: limit });
    case 'minimum':
      return text('validation.minimum', { field, limit });
    case 'maximum':
      return text('validation.maximum', { field, limit });
    case 'minItems':
      return text('validation.min_items', { field, count: limit });
    case 'maxItems':
      return text('validation.max_items', { field, count: limit });
    case 'format':
      return text(p.format === 'email' ? 'validation.email' : 'validation.format', { field });
    case 'pattern':
      return text('validation.pattern', { field });
    case 'type': {
      const type = String(p.type);
      return TYPE_NAMES.has(type) ? text(`validation.type.${type}` as MessageCode, { field }) : text('validation.invalid', { field });
    }
    case NO_NUL_KEYWORD:
      return text('validation.no_nul', { field });
    default:
      return text('validation.invalid', { field });
  }
}
