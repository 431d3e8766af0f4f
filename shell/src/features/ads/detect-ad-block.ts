import { getSiteConfig } from '@linkhunt/shared-ui/features/config/site-config.ts';

/** Ads are on when the configuration names a script host and at least one key. */
export function adsConfigured(): boolean {
  const { ads } = getSiteConfig();
  return Boolean(ads?.scriptHost && Object.values(ads.keys ?? {}).some(Boolean));
}

/**
 * Blockers either hide elements with ad-like class names or refuse requests to the ad host; either counts.
 * Without ads configured there is nothing to block, so the answer is always no.
 */
export async function detectAdBlock(): Promise<boolean> {
  if (!adsConfigured()) return false;
  const bait = document.createElement('div');
  bait.className = 'adsbox ad-banner ad-placement pub_300x250';
  bait.style.cssText = 'position:absolute;left:-9999px;width:1px;height:1px;';
  document.body.append(bait);
  await new Promise((resolve) => setTimeout(resolve, 50));
  const hidden = bait.offsetHeight === 0 || getComputedStyle(bait).display === 'none';
  bait.remove();
  if (hidden) return true;
  try {
    await fetch(getSiteConfig().ads?.scriptHost ?? '', { mode: 'no-cors', cache: 'no-store' });
    return false;
  } catch {
    return true;
  }
}
