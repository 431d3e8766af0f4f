import { stat } from 'node:fs/promises';
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

/**
 * Looks for hand edits of remotes.json now, then every `intervalMs` until stopped (the timer keeps no process
 * alive). Between looks only the file's stamp is read: the lock and the history are taken up only when it changed.
 */
export class HandEditWatch {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  /** remotes.json's size, time and inode when last looked at in full. */
  private seenStamp: string | undefined;
  /** The last problem logged: a file missing for hours is said once, not every interval. */
  private lastProblem: string | undefined;

  constructor(
    private readonly remotesFile: RemotesFile,
    private readonly history: History,
    private readonly log: (message: string) => void,
  ) {}

  check(): Promise<void> {
    this.running ??= this.look().finally(() => (this.running = undefined));
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

  private async look(): Promise<void> {
    const info = await stat(this.remotesFile.path).catch(() => undefined);
    const stamp = info ? `${info.size}:${info.mtimeMs}:${info.ino}` : '';
    if (stamp === this.seenStamp) return;
    try {
      // A remotes.json that cannot be read (mid-edit by hand, say) is looked at again next time.
      await this.remotesFile.locked(async () => recordHandEdits((await this.remotesFile.read()).manifest, this.history));
      this.seenStamp = stamp;
      this.lastProblem = undefined;
    } catch (error) {
      const problem = `hand edits of remotes.json cannot be recorded: ${error instanceof Error ? error.message : String(error)}`;
      if (problem !== this.lastProblem) this.log(problem);
      this.lastProblem = problem;
    }
  }
}
