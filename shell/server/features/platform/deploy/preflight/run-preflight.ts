import type { CheckResult, HistoryLine, PreflightCheck, RemoteEntry } from '@linkhunt/contracts/platform';
import type { RemoteId, RemotesManifest } from '@linkhunt/contracts/remotes';
import type { HostShareInfo } from '../../../../../../shared-ui/federation/shared-deps.ts';
import { allowlistedRefusal } from './allowlisted.ts';
import { fingerprintOf } from './build-files.ts';
import { exposesRefusal } from './exposes.ts';
import { manifestNameRefusal } from './manifest-name.ts';
import { newBuildRefusal } from './new-build.ts';
import { fetchBuild } from './reachable.ts';
import { sharedRefusal } from './shared.ts';
import { type SmokeRender, smokeRenderRefusal } from './smoke-render.ts';

export interface PreflightContext {
  allowlist: readonly string[];
  hostShares: HostShareInfo;
  smokeRender: SmokeRender;
  /** How long each build file may take to arrive. */
  fetchTimeoutMs: number;
}

export interface PreflightInput {
  remote: RemoteId;
  target: RemoteEntry;
  /** remotes.json as it would be with `target` in it: what the smoke render renders with. */
  candidate: RemotesManifest;
  history: readonly HistoryLine[];
}

/** The checks that ran, in order: all passed (`fingerprint` set), or the last one refused. */
export type PreflightOutcome = { ok: true; checks: CheckResult[]; fingerprint: string } | { ok: false; checks: CheckResult[]; reason: string };

/**
 * Runs the preflight checks in order and stops at the first refusal (fail closed: a check that cannot decide
 * refuses). The later checks are not run, so `checks` ends with the one that refused.
 */
export async function runPreflight(input: PreflightInput, context: PreflightContext): Promise<PreflightOutcome> {
  const { remote, target } = input;
  const checks: CheckResult[] = [];
  /** Records a check; true when it passed. */
  const passed = (check: PreflightCheck, reason: string | undefined) => {
    checks.push(reason === undefined ? { check, ok: true } : { check, ok: false, reason });
    return reason === undefined;
  };
  const refused = (): PreflightOutcome => ({ ok: false, checks, reason: checks.at(-1)?.reason ?? '' });

  if (!passed('allowlisted', allowlistedRefusal(target, context.allowlist))) return refused();
  const fetched = await fetchBuild(target, context.fetchTimeoutMs);
  if (!passed('reachable', 'reason' in fetched ? fetched.reason : undefined) || !('files' in fetched)) return refused();
  const { files } = fetched;
  if (!passed('manifest-name', manifestNameRefusal(files.manifest, remote))) return refused();
  if (!passed('exposes', exposesRefusal(files.manifest, remote))) return refused();
  if (!passed('shared', sharedRefusal(files.manifest, context.hostShares))) return refused();
  if (!passed('smoke-render', await smokeRenderRefusal(context.smokeRender, input.candidate, remote))) return refused();
  const fingerprint = fingerprintOf(files);
  if (!passed('new-build', newBuildRefusal(target, fingerprint, input.history))) return refused();
  return { ok: true, checks, fingerprint };
}
