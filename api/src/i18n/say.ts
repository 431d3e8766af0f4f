import type { FastifyRequest } from 'fastify';
import { requestLanguage } from '../plugins/request-language.js';
import { type MessageCode, text, type TextValues } from './api-text.js';
import { translator } from './translator.js';

/** A success answer's `message`, in the request's language, with its code. */
export function say(request: Pick<FastifyRequest, 'query' | 'headers'>, code: MessageCode, values?: TextValues): { message: string; code: MessageCode } {
  return { message: translator(requestLanguage(request))(text(code, values)), code };
}
