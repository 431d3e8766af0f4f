import type { FastifyRequest } from 'fastify';
import Type, { type Static, type TObject, type TSchema } from 'typebox';
import Value from 'typebox/value';
import { MAX_IMAGE_BYTES } from '@linkhunt/contracts/limits';
import { ValidationError } from '@linkhunt/contracts/schemas/common';
import { type FieldTexts, HttpError, validationFailed } from '../http-errors.js';
import { fieldErrors, NO_NUL_KEYWORD, type SchemaError } from '../validation-messages.js';
import { text } from '../i18n/api-text.js';

const FILE_TOO_LARGE = text('image.too_heavy');

/**
 * The 413 of a route that reads a form here: a file over the limit carries its field's message in
 * `errors` (forms show it beside the file input); the multipart plugin's own limits only a message.
 * Routes declare it so the response serializer keeps `errors`.
 */
export const FileTooLargeResponse = Type.Object(
  {
    message: Type.String(),
    code: ValidationError.properties.code,
    errors: Type.Optional(ValidationError.properties.errors),
    codes: Type.Optional(ValidationError.properties.codes),
  },
  { description: 'A file is over 2 MB (errors names its field), or the form has more parts than any real form' },
);

export interface UploadedFile {
  filename: string;
  data: Buffer;
}

export interface MultipartForm<T> {
  fields: T;
  files: Record<string, UploadedFile | undefined>;
  /** The files of each repeated file field (`fileLists`), in the order sent; none sent: an empty list. */
  fileLists: Record<string, UploadedFile[]>;
  /** Text fields that were sent but empty: absent from `fields`, yet a form may read them as "clear this". */
  emptyFields: string[];
}

/**
 * A repeated file field may carry a few files more than its most, so that a form with one photo too many is
 * told so (a 422 on the field) rather than cut short by the parser's limit of files (a bare 413).
 */
const FILE_LIST_SLACK = 4;

/**
 * Reads a multipart form: text fields validated against `schema` (repeated fields and `name[]` become
 * lists, empty strings count as absent, numbers are coerced as Ajv does for JSON), files up to the image
 * limit: one per field of `fileFields`, and up to its most per field of `fileLists` (more: a 422 on it). Every
 * broken rule comes back at once: as one 422, or as a 413 when a file is over the limit (the same `{ message,
 * errors }` body, so a form shows the size message beside its file field).
 */
export async function readMultipartForm<S extends TObject>(
  request: FastifyRequest,
  schema: S,
  fileFields: readonly string[],
  fileLists: Readonly<Record<string, number>> = {},
): Promise<MultipartForm<Static<S>>> {
  if (!request.isMultipart()) throw new HttpError(415, 'request.multipart_required');
  const raw: Record<string, string[]> = {};
  const files: Record<string, UploadedFile | undefined> = {};
  const lists: Record<string, UploadedFile[]> = Object.fromEntries(Object.keys(fileLists).map((name) => [name, []]));
  const overLimit: FieldTexts = {};
  const oversized: FieldTexts = {};
  const empty = new Set<string>();

  const listed = Object.values(fileLists).reduce((sum, most) => sum + most + FILE_LIST_SLACK, 0);
  const parts = request.parts({ limits: { fileSize: MAX_IMAGE_BYTES, files: fileFields.length + listed, fields: 60, fieldSize: 16 * 1024, parts: 80 } });
  try {
    for await (const part of parts) {
      const name = part.fieldname.replace(/\[\]$/, '');
      if (part.type === 'file') {
        const list = Object.hasOwn(lists, name) ? lists[name] : undefined;
        if (!fileFields.includes(name) && !list) {
          part.file.resume();
          continue;
        }
        const data = await part.toBuffer();
        if (part.file.truncated) oversized[name] = [FILE_TOO_LARGE];
        else if (data.length === 0) continue;
        else if (!list) files[name] = { filename: part.filename, data };
        else if (list.length < (fileLists[name] ?? 0)) list.push({ filename: part.filename, data });
        else overLimit[name] = [text('validation.max_items', { field: name, count: fileLists[name] ?? 0 })];
      } else if (typeof part.value === 'string' && part.value.trim() !== '') {
        (raw[name] ??= []).push(part.value.trim());
      } else {
        empty.add(name);
      }
    }
  } catch (error) {
    // A body that is not the multipart it claims (no boundary, cut short) is the client's fault; the
    // plugin's own limit errors already carry their 4xx status.
    const status = (error as { statusCode?: number }).statusCode;
    if (error instanceof HttpError || (status !== undefined && status >= 400 && status < 500)) throw error;
    throw new HttpError(400, 'request.multipart_unreadable');
  }

  const fields = coerce(raw, schema);
  // The schema allows a NUL character in text; PostgreSQL can neither store nor compare one.
  const withNul: SchemaError[] = Object.entries(fields)
    .filter(([, value]) => [value].flat().some((v) => typeof v === 'string' && v.includes('\u0000')))
    .map(([key]) => ({ keyword: NO_NUL_KEYWORD, instancePath: `/${key}`, params: {} }));
  const schemaErrors = fieldErrors([...Value.Errors(schema, fields), ...withNul] as SchemaError[], schema);
  const all = { ...schemaErrors, ...overLimit, ...oversized };
  if (Object.keys(oversized).length > 0) throw new HttpError(413, FILE_TOO_LARGE, all);
  if (Object.keys(all).length > 0) throw validationFailed(all);
  return { fields: fields as Static<S>, files, fileLists: lists, emptyFields: [...empty].filter((name) => !(name in raw)) };
}

function coerce(raw: Record<string, string[]>, schema: TObject): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(schema.properties) as [string, TSchema & { type?: string }][]) {
    const values = raw[key];
    if (!values) continue;
    if (property.type === 'array') out[key] = values;
    else if (property.type === 'integer' || property.type === 'number') out[key] = /^-?\d+(\.\d+)?$/.test(values[0] ?? '') ? Number(values[0]) : values[0];
    else out[key] = values[0];
  }
  return out;
}
