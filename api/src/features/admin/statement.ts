import { STATEMENT_MIN_LENGTH } from '@linkhunt/contracts/moderation';
import { fieldError } from '../../http-errors.js';
import { text as apiText } from '../../i18n/api-text.js';

/**
 * A statement of reasons as stored and mailed: trimmed, and still long enough once trimmed (the schema
 * counts the spaces too), since the person it concerns must be able to understand the decision.
 */
export function statementOf(text: string, field: 'statement' | 'reason'): string {
  const trimmed = text.trim();
  if (trimmed.length < STATEMENT_MIN_LENGTH) throw fieldError(field, apiText('validation.min_length', { field, count: STATEMENT_MIN_LENGTH }));
  return trimmed;
}
