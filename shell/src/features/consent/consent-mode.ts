/** Local storage key of the cookie-consent choice (spec section 9). */
export const CONSENT_KEY = 'linkhunt.consent';

export type ConsentChoice = 'granted' | 'denied';
const SIGNALS = ['ad_storage', 'ad_user_data', 'analytics_storage', 'ad_personalization'] as const;

declare global {
  interface Window {
    dataLayer: unknown[];
    gtag: (...args: unknown[]) => void;
  }
}

function signals(value: ConsentChoice): Record<(typeof SIGNALS)[number], ConsentChoice> {
  return Object.fromEntries(SIGNALS.map((signal) => [signal, value])) as Record<(typeof SIGNALS)[number], ConsentChoice>;
}

export function readConsent(): ConsentChoice | null {
  try {
    const stored = localStorage.getItem(CONSENT_KEY);
    return stored === 'granted' || stored === 'denied' ? stored : null;
  } catch {
    return null;
  }
}

/**
 * Google Consent Mode v2: everything denied before any tag can run, then the stored choice re-applied.
 * Runs first thing at boot, before any ad or analytics script is added.
 */
export function initConsentMode(): ConsentChoice | null {
  window.dataLayer = window.dataLayer ?? [];
  // gtag must push the arguments object itself: that is the shape Google's tags read from the data layer.
  window.gtag = function gtag() {
    // eslint-disable-next-line prefer-rest-params
    window.dataLayer.push(arguments);
  };
  window.gtag('consent', 'default', signals('denied'));
  const stored = readConsent();
  if (stored === 'granted') window.gtag('consent', 'update', signals('granted'));
  return stored;
}

/** Accept grants the four signals, close denies them; either way the choice is kept. */
export function saveConsent(choice: ConsentChoice): void {
  window.gtag('consent', 'update', signals(choice));
  try {
    localStorage.setItem(CONSENT_KEY, choice);
  } catch {
    /* the banner will ask again next time */
  }
}
