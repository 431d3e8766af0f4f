import type { HistoryLine, RemoteEntry } from '@linkhunt/contracts/platform';

/**
 * Check 7: an entry URL names one build for ever. If the history records this URL with another build's
 * fingerprint, the files there changed since (a build overwritten in place): caches and pinned pages would mix
 * the two, and a rollback to it would not bring back what ran.
 */
export function newBuildRefusal(target: RemoteEntry, fingerprint: string, history: readonly HistoryLine[]): string | undefined {
  const other = history.find((line) => line.to?.entry === target.entry && line.fingerprint !== null && line.fingerprint !== fingerprint);
  if (!other) return undefined;
  return (
    `${target.entry} was deployed before (${other.at}, history ${other.id}) as another build ` +
    `(${other.fingerprint?.slice(0, 12)}, now ${fingerprint.slice(0, 12)}): a new build needs a new URL`
  );
}
