/** Told only to someone who gave the right password, so a suspension reveals nothing to a guesser. */
import { type ApiText, text } from '../../i18n/api-text.js';
export function suspendedMessage(reason: string | null): ApiText {
  return reason?.trim() ? text('auth.suspended_because', { reason: reason.trim() }) : text('auth.suspended');
}
