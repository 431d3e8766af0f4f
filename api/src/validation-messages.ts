/**
 * Turns JSON-Schema validation errors (Ajv's from Fastify, TypeBox's for multipart forms; both use the
 * same shape) into the API's `{ field: [messages] }` with sentences a person can act on. A property
 * schema may carry `x-error`: the one message to show for any failure of that field.
 */
export interface SchemaError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

interface PropertySchema {
  'x-error'?: string;
  type?: string | string[];
  [key: string]: unknown;
}

export const CUSTOM_MESSAGE_KEYWORD = 'x-error';
/** Not a JSON Schema keyword: text with a NUL character, which the schemas allow and PostgreSQL cannot store. */
export const NO_NUL_KEYWORD = 'noNul';

export function fieldErrors(errors: readonly SchemaError[], schema: unknown): Record<string, string[]> {
  const properties = (schema as { properties?: Record<string, PropertySchema> } | undefined)?.properties ?? {};
  const out: Record<string, string[]> = {};
  const add = (field: string, message: string) => {
    const list = (out[field] ??= []);
    if (!list.includes(message)) list.push(message);
  };
  for (const error of errors) {
    for (const field of fieldsOf(error)) {
      const custom = properties[field]?.[CUSTOM_MESSAGE_KEYWORD];
      add(field, custom ?? messageFor(error, humanName(field)));
    }
  }
  return out;
}

function fieldsOf(error: SchemaError): string[] {
  if (error.keyword === 'required') {
    const missing = error.params.missingProperty ?? error.params.requiredProperties;
    const names = Array.isArray(missing) ? missing.map(String) : [String(missing)];
    return names.map((n) => n.replace(/^\//, ''));
  }
  const first = error.instancePath.split('/')[1];
  return [first ? decodeURIComponent(first) : 'body'];
}

function humanName(field: string): string {
  return field.replace(/_/g, ' ');
}

function messageFor(error: SchemaError, name: string): string {
  const p = error.params;
  switch (error.keyword) {
    case 'required':
      return `The ${name} field is required.`;
    case 'minLength':
      return Number(p.limit) <= 1 ? `The ${name} field is required.` : `The ${name} must be at least ${String(p.limit)} characters.`;
    case 'maxLength':
      return `The ${name} may not be longer than ${String(p.limit)} characters.`;
    case 'minimum':
      return `The ${name} must be at least ${String(p.limit)}.`;
    case 'maximum':
      return `The ${name} may not be greater than ${String(p.limit)}.`;
    case 'minItems':
      return `Choose at least ${String(p.limit)} ${name}.`;
    case 'maxItems':
      return `Choose at most ${String(p.limit)} ${name}.`;
    case 'format':
      return p.format === 'email' ? `The ${name} must be a valid email address.` : `The ${name} is not valid.`;
    case 'pattern':
      return `The ${name} format is invalid.`;
    case 'type':
      return `The ${name} must be ${article(String(p.type))}.`;
    case NO_NUL_KEYWORD:
      return `The ${name} may not contain a NUL character.`;
    default:
      return `The ${name} is invalid.`;
  }
}

function article(type: string): string {
  const names: Record<string, string> = { integer: 'a whole number', number: 'a number', string: 'text', array: 'a list', boolean: 'true or false', object: 'an object' };
  return names[type] ?? type;
}
