/** Joins CSS Module classes, skipping the conditional ones that are off. */
export function cx(...parts: Array<string | false | null | undefined>): string {
  return parts.filter(Boolean).join(' ');
}
