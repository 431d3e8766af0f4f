import type en from '../locales/en.json';

/** The key paths of a nested resource, with i18next's plural suffixes folded into their base key. */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K extends `${infer Base}_${'one' | 'other'}` ? Base : K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/**
 * A key of the API's texts (api/src/locales/<lng>.json), also the stable machine `code` of a message: the
 * compiler refuses a key the English resource lacks, and the locale test a key another language lacks.
 */
export type MessageCode = Exclude<Leaves<typeof en>, `fields.${string}` | `mail.${string}`>;

export type TextValues = Record<string, string | number>;

/**
 * A message before it is put in words: its code and the values its sentence takes. It is written in the
 * request's language when the answer is sent. A value named `field` is a field name, written in that
 * language too (from `fields.<name>`).
 */
export interface ApiText {
  code: MessageCode;
  values?: TextValues;
}

export const text = (code: MessageCode, values?: TextValues): ApiText => (values ? { code, values } : { code });
