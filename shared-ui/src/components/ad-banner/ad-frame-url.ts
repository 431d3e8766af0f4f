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
 * The ad's own document, put in every build (shared-ui/federation/ad-frame-files.ts); the static server knows it
 * by this name (AD_FRAME_FILE in shell/server/lib/static-site/content-security-policy.mjs) and gives it the ad frame's policy.
 */
export const AD_FRAME_PATH = '/ad-frame.html';

/**
 * The ad frame for one banner: the network's snippet runs in a document of its own (frame/ad-frame.js), so two
 * formats on one page never overwrite each other's globals, the ad cannot touch ours, and its script is allowed
 * by that document's Content-Security-Policy instead of the site's.
 */
export function adFrameUrl(scriptHost: string, key: string, format: AdFormat): string {
  const { width, height } = AD_SIZES[format];
  const query = new URLSearchParams({ host: scriptHost, key, width: String(width), height: String(height) });
  return `${AD_FRAME_PATH}?${query}`;
}
