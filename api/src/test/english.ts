import { type MessageCode, text, type TextValues } from '../i18n/api-text.js';
import { translator } from '../i18n/translator.js';

/** A message as the API writes it in English (the language of a request that names none). */
export const english = (code: MessageCode, values?: TextValues): string => translator('en')(text(code, values));
