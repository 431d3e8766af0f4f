import type { RemoteEntry } from '@linkhunt/contracts/platform';
import { isAllowlisted } from '../../allowlist.ts';
import { buildUrls } from './build-files.ts';

/** Check 1: the entry and the server entry both sit under an allowlisted prefix. */
export function allowlistedRefusal(target: RemoteEntry, allowlist: readonly string[]): string | undefined {
  const { remoteEntry, serverEntry } = buildUrls(target);
  for (const url of [remoteEntry, serverEntry]) {
    if (!isAllowlisted(url, allowlist)) return `${url} is not under an allowlisted prefix (${allowlist.join(', ') || 'none is set'})`;
  }
  return undefined;
}
