import { randomBytes } from 'node:crypto';
import { appendFile, mkdir, open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type HistoryLine, isCanaryAction, type RemoteEntry } from '@linkhunt/contracts/platform';
import type { RemoteId } from '@linkhunt/contracts/remotes';

/**
 * The deploy history: `<stateDir>/history.jsonl`, one JSON line per change of a remote's entry, only ever
 * appended (within the remotes.json lock, so lines and writes keep one order). A line cut short by a crash is
 * skipped when read.
 */
export class History {
  readonly file: string;

  constructor(private readonly stateDir: string) {
    this.file = join(stateDir, 'history.jsonl');
  }

  /** Every line, oldest first. */
  async lines(): Promise<HistoryLine[]> {
    const text = await readFile(this.file, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return '';
      throw error;
    });
    const lines: HistoryLine[] = [];
    for (const row of text.split('\n')) {
      if (!row.trim()) continue;
      try {
        lines.push(JSON.parse(row) as HistoryLine);
      } catch {
        // A torn last line (a crash mid-append): the change it described was never confirmed to anyone.
      }
    }
    return lines;
  }

  async append(line: Omit<HistoryLine, 'id' | 'at'>): Promise<HistoryLine> {
    const full: HistoryLine = { id: randomBytes(6).toString('hex'), at: new Date().toISOString(), ...line };
    await mkdir(this.stateDir, { recursive: true });
    // After a torn last line the new one starts a row of its own, or both would be lost as one unreadable row.
    await appendFile(this.file, `${(await this.endsTorn()) ? '\n' : ''}${JSON.stringify(full)}\n`, { mode: 0o600 });
    return full;
  }

  private async endsTorn(): Promise<boolean> {
    const handle = await open(this.file, 'r').catch(() => undefined);
    if (!handle) return false;
    try {
      const { size } = await handle.stat();
      if (size === 0) return false;
      const last = Buffer.alloc(1);
      await handle.read(last, 0, 1, size - 1);
      return last[0] !== 0x0a;
    } finally {
      await handle.close();
    }
  }
}

/** The last line of each remote that set what everyone runs (canary lines left out): what the history says remotes.json holds. */
export function latestByRemote(lines: readonly HistoryLine[]): Map<RemoteId, HistoryLine> {
  const latest = new Map<RemoteId, HistoryLine>();
  for (const line of lines) if (!isCanaryAction(line.action)) latest.set(line.remote, line);
  return latest;
}

/** Two entries are the same version when they name the same addresses, as written. */
export function sameEntry(a: RemoteEntry | null | undefined, b: RemoteEntry | null | undefined): boolean {
  if (!a || !b) return !a && !b;
  return a.entry === b.entry && (a.ssrEntry ?? null) === (b.ssrEntry ?? null);
}

/** A remotes.json entry as a history records it: only its two addresses. */
export function entryOf(value: { entry?: unknown; ssrEntry?: unknown } | undefined): RemoteEntry | null {
  if (!value || typeof value.entry !== 'string') return null;
  return typeof value.ssrEntry === 'string' ? { entry: value.entry, ssrEntry: value.ssrEntry } : { entry: value.entry };
}
