import type { RemoteEntry } from '@linkhunt/contracts/platform';
import { isAllowlisted } from '../../../../lib/platform/allowlist.ts';
import { buildUrls } from './build-files.ts';

/** Check 1: the entry and the server entry are http(s) URLs, both under an allowlisted prefix. */
export function allowlistedRefusal(target: RemoteEntry, allowlist: readonly string[]): string | undefined {
  for (const url of [target.entry, target.ssrEntry]) {
    if (url !== undefined && !/^https?:$/.test(URL.parse(url)?.protocol ?? '')) return `${JSON.stringify(url)} is not an absolute http(s) URL`;
  }
  const { remoteEntry, serverEntry } = buildUrls(target);
  for (const url of [remoteEntry, serverEntry]) {
    if (!isAllowlisted(url, allowlist)) return `${url} is not under an allowlisted prefix (${allowlist.join(', ') || 'none is set'})`;
  }
  return undefined;
}
