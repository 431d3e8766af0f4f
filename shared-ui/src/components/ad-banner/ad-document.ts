import type { AdFormat } from '@linkhunt/contracts/site-config';

export const AD_SIZES: Record<AdFormat, { width: number; height: number }> = {
  '728x90': { width: 728, height: 90 },
  '320x50': { width: 320, height: 50 },
};

/** Spec section 9: the 728x90 banner on wide screens, 320x50 below the desktop breakpoint. */
export function adFormatFor(wide: boolean): AdFormat {
  return wide ? '728x90' : '320x50';
}

/**
 * The ad network's snippet (an `atOptions` global, then its invoke script for the key) inside its own
 * document, so two formats on one page never overwrite each other's globals and the ad cannot touch ours.
 */
export function adDocument(scriptHost: string, key: string, format: AdFormat): string {
  const { width, height } = AD_SIZES[format];
  const options = JSON.stringify({ key, format: 'iframe', height, width, params: {} }).replace(/</g, '\\u003c');
  const src = `${scriptHost.replace(/\/$/, '')}/${encodeURIComponent(key)}/invoke.js`;
  return `<!doctype html><html><body style="margin:0"><script>atOptions=${options};</script><script src="${src.replace(/"/g, '&quot;')}"></script></body></html>`;
}
