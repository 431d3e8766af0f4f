/** Told only to someone who gave the right password, so a suspension reveals nothing to a guesser. */
export function suspendedMessage(reason: string | null): string {
  return reason?.trim() ? `This account is suspended: ${reason.trim()}` : 'This account is suspended.';
}
