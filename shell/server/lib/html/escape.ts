const ESCAPES: Record<string, string> = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' };

/** Text made safe inside a double-quoted attribute, or as an element's text. */
export const escapeAttribute = (value: string) => value.replace(/[&"<>]/g, (char) => ESCAPES[char] ?? char);
