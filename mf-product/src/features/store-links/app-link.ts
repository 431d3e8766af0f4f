/**
 * The Hacoo link as "open in the app" on a phone. Android gets an intent for the same https address: the
 * Hacoo app opens it when installed, and the browser falls back to the page otherwise. iOS opens an app from
 * its universal link when the visitor taps the plain address in the same tab.
 */
export function appLink(link: string, userAgent: string): string {
  if (!/android/i.test(userAgent)) return link;
  const url = new URL(link);
  return `intent://${url.host}${url.pathname}${url.search}#Intent;scheme=https;action=android.intent.action.VIEW;S.browser_fallback_url=${encodeURIComponent(link)};end`;
}
