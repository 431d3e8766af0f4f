import { isApiError } from '@linkhunt/shared-ui/features/api/api-client.ts';
import { errorMessage } from '@linkhunt/shared-ui/features/api/error-message.ts';

export interface FormErrors {
  /** The first message of each field the API refused. */
  fields: Record<string, string>;
  /** Spec section 8: the general message, shown only when no field has one. */
  general: string | null;
  /** What the toast says: the first validation message, else the general one. */
  toast: string;
}

export const NO_ERRORS: FormErrors = { fields: {}, general: null, toast: '' };

/**
 * A failed submission as the form shows it: each field's message beside it, or one general message. A refused
 * session (401) is no fault of what was typed: given `sessionExpired`, the form says that, with no toast, since
 * the shell is asking the user to sign in again over the page, where the form waits to be sent again.
 */
export function formErrorsOf(error: unknown, fallback: string, sessionExpired?: string): FormErrors {
  if (sessionExpired && isApiError(error) && error.status === 401) return { fields: {}, general: sessionExpired, toast: '' };
  const toast = errorMessage(error, fallback);
  const body = isApiError(error) ? error.data : null;
  const errors = typeof body === 'object' && body !== null ? (body as { errors?: unknown }).errors : undefined;
  const fields: Record<string, string> = {};
  if (typeof errors === 'object' && errors !== null) {
    for (const [name, messages] of Object.entries(errors)) {
      if (Array.isArray(messages) && typeof messages[0] === 'string') fields[name.replace(/\[\]$/, '')] = messages[0];
    }
  }
  return { fields, general: Object.keys(fields).length > 0 ? null : toast, toast };
}
