import { HAND_EDIT_AUTHOR, type HistoryLine } from '@linkhunt/contracts/platform';
import { REMOTE_IDS, type RemotesManifest } from '@linkhunt/contracts/remotes';
import { entryOf, type History, latestByRemote, sameEntry } from './history.ts';
import type { RemotesFile } from './remotes-file.ts';

/**
 * Records as hand edits the remotes whose entry in `manifest` is not what the history last says: remotes.json
 * was edited without the platform. Call it within the remotes.json lock, so the platform's own writes (recorded
 * in the same lock) are never mistaken for one. The first time, with no history, every remote's entry is
 * recorded this way: the versions a rollback can return to start there.
 */
export async function recordHandEdits(manifest: RemotesManifest, history: History): Promise<HistoryLine[]> {
  const latest = latestByRemote(await history.lines());
  const recorded: HistoryLine[] = [];
  for (const remote of REMOTE_IDS) {
    const now = entryOf(manifest[remote]);
    const before = latest.get(remote)?.to ?? null;
    if (sameEntry(now, before)) continue;
    recorded.push(await history.append({ by: HAND_EDIT_AUTHOR, action: 'hand-edit', remote, from: before, to: now, checks: [], fingerprint: null }));
  }
  return recorded;
}

/** Looks for hand edits of remotes.json now, then every `intervalMs` until stopped (the timer keeps no process alive). */
export class HandEditWatch {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly remotesFile: RemotesFile,
    private readonly history: History,
    private readonly log: (message: string) => void,
  ) {}

  /** One look, within the lock. A remotes.json that cannot be read (mid-edit by hand, say) is looked at next time. */
  check(): Promise<void> {
    this.running ??= this.remotesFile
      .locked(async () => {
        const snapshot = await this.remotesFile.read().catch((error: unknown) => {
          this.log(`hand edits: remotes.json could not be read: ${error instanceof Error ? error.message : String(error)}`);
          return undefined;
        });
        if (snapshot) await recordHandEdits(snapshot.manifest, this.history);
      })
      .catch((error: unknown) => this.log(`hand edits: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => (this.running = undefined));
    return this.running;
  }

  async start(intervalMs: number): Promise<void> {
    await this.check();
    this.timer = setInterval(() => void this.check(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
