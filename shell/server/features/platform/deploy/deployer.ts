import { type CanaryRequest, type CheckResult, type DeployRequest, type DeployResponse, type HistoryAction, type HistoryLine, isCanaryAction, type RemoteEntry, type RollbackRequest } from '@linkhunt/contracts/platform';
import type { RemoteId } from '@linkhunt/contracts/remotes';
import { PlatformRefusal } from '../../../lib/platform/platform-errors.ts';
import { recordHandEdits } from './hand-edits.ts';
import { entryOf, type History, sameEntry } from './history.ts';
import { newBuildRefusal } from './preflight/new-build.ts';
import { type PreflightContext, runPreflight } from './preflight/run-preflight.ts';
import type { RemotesFile, RemotesSnapshot } from './remotes-file.ts';

export interface DeployerOptions extends PreflightContext {
  remotesFile: RemotesFile;
  history: History;
  /** Called with each deploy's and canary's line once it is live: the health watch starts there. */
  onLive?: (line: HistoryLine) => void;
}

const HISTORY_ID = /^[0-9a-f]{12}$/;

function preflightFailed(checks: CheckResult[]): PlatformRefusal {
  const failed = checks.at(-1);
  return new PlatformRefusal(422, 'preflight_failed', `refused by the ${failed?.check} check: ${failed?.reason}`, { checks });
}

/**
 * Deploys and rollbacks: every preflight check first (outside the lock: they fetch and render, and deploys of
 * other remotes need not wait for them), then, within the remotes.json lock, the file is read again, any hand
 * edit recorded, the one remote's entry replaced and the history line appended. So two deploys of different
 * remotes at once both land, each from the file as the other left it.
 */
export class Deployer {
  constructor(private readonly options: DeployerOptions) {}

  deploy(by: string, request: DeployRequest): Promise<DeployResponse> {
    const target: RemoteEntry = request.ssrEntry ? { entry: request.entry, ssrEntry: request.ssrEntry } : { entry: request.entry };
    return this.change(by, 'deploy', request.remote, target, request.dryRun ?? false);
  }

  /** A new deploy of a version the history knows (rolling back is moving forward to an old build): checked again. */
  async rollback(by: string, request: RollbackRequest, reason?: string): Promise<DeployResponse> {
    const { remote } = request;
    const current = entryOf((await this.current()).manifest[remote]);
    // The versions everyone ran: a canary's was never one.
    const lines = (await this.options.history.lines()).filter((line) => line.remote === remote && !isCanaryAction(line.action));
    const target = rollbackTarget(remote, lines, current, request.to);
    if (sameEntry(target, current)) throw new PlatformRefusal(409, 'already_current', `${remote} already runs ${target.entry}`);
    return this.change(by, 'rollback', remote, target, false, reason);
  }

  /**
   * Gives `percent` % of visitors another version: every check first, as for a deploy (a canary's visitors are
   * real ones). The canary already running again only changes its percentage, with no check to repeat.
   */
  async canary(by: string, request: CanaryRequest): Promise<DeployResponse> {
    const { remote, percent } = request;
    const target: RemoteEntry = request.ssrEntry ? { entry: request.entry, ssrEntry: request.ssrEntry } : { entry: request.entry };
    const before = await this.current();
    const running = before.manifest[remote]?.canary;
    if (sameEntry(target, entryOf(before.manifest[remote]))) throw new PlatformRefusal(409, 'already_current', `${remote} already runs ${target.entry} for everyone`);
    let checks: CheckResult[] = [];
    let fingerprint: string | null = null;
    if (!running || !sameEntry(entryOf(running), target)) {
      const outcome = await runPreflight({ remote, target, candidate: { ...before.manifest, [remote]: target }, history: await this.options.history.lines() }, this.options);
      if (!outcome.ok) throw preflightFailed(outcome.checks);
      ({ checks, fingerprint } = outcome);
    }
    const line = await this.options.remotesFile.locked(async () => {
      const now = await this.current();
      await recordHandEdits(now.manifest, this.options.history);
      const base = entryOf(now.manifest[remote]);
      if (!base) throw new PlatformRefusal(409, 'no_previous_version', `${remote} has no entry in remotes.json to run a canary beside`);
      await this.options.remotesFile.write({ ...now.manifest, [remote]: { ...base, canary: { ...target, percent } } });
      return this.options.history.append({ by, action: 'canary', remote, from: base, to: target, checks, fingerprint, percent });
    });
    this.options.onLive?.(line);
    return { dryRun: false, entry: line, checks };
  }

  /** Takes a remote's canary away: everyone is back on the base version at their next page. */
  async abortCanary(by: string, remote: RemoteId, reason?: string): Promise<DeployResponse> {
    const line = await this.options.remotesFile.locked(async () => {
      const now = await this.current();
      const running = now.manifest[remote]?.canary;
      const base = entryOf(now.manifest[remote]);
      if (!running || !base) throw new PlatformRefusal(409, 'no_canary', `${remote} has no canary running`);
      await this.options.remotesFile.write({ ...now.manifest, [remote]: base });
      return this.options.history.append({ by, action: 'canary-abort', remote, from: entryOf(running), to: base, checks: [], fingerprint: null, ...(reason ? { reason } : {}) });
    });
    return { dryRun: false, entry: line, checks: [] };
  }

  private async change(by: string, action: HistoryAction, remote: RemoteId, target: RemoteEntry, dryRun: boolean, reason?: string): Promise<DeployResponse> {
    const { remotesFile, history } = this.options;
    const before = await this.current();
    const outcome = await runPreflight(
      { remote, target, candidate: { ...before.manifest, [remote]: target }, history: await history.lines() },
      this.options,
    );
    if (!outcome.ok) throw preflightFailed(outcome.checks);
    if (dryRun) return { dryRun: true, checks: outcome.checks };
    const line = await remotesFile.locked(async () => {
      const now = await this.current();
      await recordHandEdits(now.manifest, history);
      // The one check another deploy can change meanwhile: the same URL recorded with another build.
      const late = newBuildRefusal(target, outcome.fingerprint, await history.lines());
      if (late) throw preflightFailed([...outcome.checks.slice(0, -1), { check: 'new-build', ok: false, reason: late }]);
      // The remote's canary, if one ran, ends with it: a deploy decides what everyone runs.
      await remotesFile.write({ ...now.manifest, [remote]: target });
      return history.append({ by, action, remote, from: entryOf(now.manifest[remote]), to: target, checks: outcome.checks, fingerprint: outcome.fingerprint, ...(reason ? { reason } : {}) });
    });
    if (action === 'deploy') this.options.onLive?.(line);
    return { dryRun: false, entry: line, checks: outcome.checks };
  }

  private async current(): Promise<RemotesSnapshot> {
    return this.options.remotesFile.read().catch((error: unknown) => {
      throw new PlatformRefusal(503, 'remotes_unreadable', `remotes.json cannot be read now (${error instanceof Error ? error.message : String(error)}); fix it by hand first`);
    });
  }
}

/**
 * The version a rollback returns to: `to` as a history id or an entry URL the remote ran before; by default the
 * version the current one replaced.
 */
function rollbackTarget(remote: RemoteId, lines: readonly HistoryLine[], current: RemoteEntry | null, to: string | undefined): RemoteEntry {
  if (to === undefined) {
    const made = lines.findLast((line) => sameEntry(line.to, current));
    if (!made?.from) throw new PlatformRefusal(409, 'no_previous_version', `the history has no version of ${remote} before ${current?.entry ?? 'none'}`);
    return made.from;
  }
  if (HISTORY_ID.test(to)) {
    const line = lines.find((candidate) => candidate.id === to);
    if (!line) throw new PlatformRefusal(404, 'unknown_version', `history ${to} is not a line of ${remote}'s`);
    if (!line.to) throw new PlatformRefusal(409, 'no_previous_version', `history ${to} removed ${remote}: there is no version to return to`);
    return line.to;
  }
  const line = lines.findLast((candidate) => candidate.to?.entry === to);
  if (!line?.to) throw new PlatformRefusal(404, 'unknown_version', `${to} was never ${remote}'s entry: deploy it instead`);
  return line.to;
}
