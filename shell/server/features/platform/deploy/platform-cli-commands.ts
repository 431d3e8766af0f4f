import { parseArgs } from 'node:util';
import {
  type CheckResult,
  type DeployResponse,
  type HistoryLine,
  type HistoryResponse,
  PLATFORM_PREFIX,
  PREVIEW_HEADER,
  type PreviewResponse,
  type RemoteEntry,
} from '@linkhunt/contracts/platform';
import type { HealthResponse } from '@linkhunt/contracts/platform-health';
import { REMOTE_IDS, type RemoteId } from '@linkhunt/contracts/remotes';
import { addCredential } from '../../../lib/platform/credentials.ts';

export interface CliIo {
  env: Record<string, string | undefined>;
  out: (line: string) => void;
  err: (line: string) => void;
  /** The state folder `credential` writes to when PLATFORM_STATE_DIR is not set (the shell server's default). */
  defaultStateDir: string;
}

const USAGE = [
  'usage:',
  '  remote:deploy <remote> <entry-url> [--ssr-entry <url>] [--dry-run]',
  '  remote:rollback <remote> [<history id> | <entry-url>]',
  '  remote:history [<remote>] [--limit <n>]',
  '  remote:canary <remote> <entry-url> <percent> [--ssr-entry <url>]',
  '  remote:canary-abort <remote>',
  '  remote:preview <remote> <entry-url> [--ssr-entry <url>] [--ttl-seconds <n>]',
  '  remote:health',
  '  remote:credential <name> <remote…> | all',
  `remotes: ${REMOTE_IDS.join(', ')}`,
  'environment: LINKHUNT_SHELL_URL (http://127.0.0.1:5000), LINKHUNT_PLATFORM_TOKEN (a credential), PLATFORM_STATE_DIR (for credential)',
].join('\n');

/** A refusal the CLI prints and exits with. */
class CliFailure extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

const describeEntry = (entry: RemoteEntry | null) => (entry ? `${entry.entry}${entry.ssrEntry ? ` (server entry ${entry.ssrEntry})` : ''}` : 'none');
const checkLines = (checks: readonly CheckResult[]) => checks.map((check) => `  ${check.ok ? 'ok     ' : 'REFUSED'} ${check.check}${check.reason ? `: ${check.reason}` : ''}`);

function asRemote(value: string | undefined): RemoteId {
  if (!value || !REMOTE_IDS.includes(value as RemoteId)) throw new CliFailure(`${JSON.stringify(value ?? '')} is no remote; one of ${REMOTE_IDS.join(', ')}\n${USAGE}`, 2);
  return value as RemoteId;
}

/** The platform API on the shell server, with the caller's credential. */
async function call<T>(io: CliIo, method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const server = io.env.LINKHUNT_SHELL_URL || 'http://127.0.0.1:5000';
  const token = io.env.LINKHUNT_PLATFORM_TOKEN;
  if (!token) throw new CliFailure('set LINKHUNT_PLATFORM_TOKEN to a platform credential (remote:credential makes one)', 2);
  let response: Response;
  try {
    response = await fetch(new URL(`${PLATFORM_PREFIX}${path}`, server), {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw new CliFailure(`the shell server at ${server} cannot be reached: ${String((error as Error).cause ?? error)}`);
  }
  const answer = (await response.json().catch(() => ({}))) as { error?: string; message?: string; checks?: CheckResult[] };
  if (!response.ok) {
    const checks = answer.checks ? `\n${checkLines(answer.checks).join('\n')}` : '';
    throw new CliFailure(`refused (${answer.error ?? response.status}): ${answer.message ?? `the shell server answered ${response.status}`}${checks}`);
  }
  return answer as T;
}

function reportChange(io: CliIo, verb: string, answer: DeployResponse): void {
  const line = answer.entry;
  if (answer.dryRun || !line) io.out('dry run: every check passed; nothing was changed');
  else io.out(`${verb}: ${line.remote} now runs ${describeEntry(line.to)} (was ${describeEntry(line.from)}; history ${line.id})`);
  for (const text of checkLines(answer.checks)) io.out(text);
}

const historyRow = (line: HistoryLine) => `${line.at}  ${line.id}  ${line.action.padEnd(12)}  ${line.remote.padEnd(12)}  ${line.by}: ${describeEntry(line.from)} -> ${describeEntry(line.to)}`;

async function command(args: string[], io: CliIo): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: {
      'ssr-entry': { type: 'string' },
      'dry-run': { type: 'boolean' },
      limit: { type: 'string' },
      'ttl-seconds': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [name, ...rest] = positionals;
  if (values.help) return io.out(USAGE);
  switch (name) {
    case 'deploy': {
      const [remote, entry] = rest;
      if (!entry || rest.length > 2) throw new CliFailure(USAGE, 2);
      const body = { remote: asRemote(remote), entry, ssrEntry: values['ssr-entry'], dryRun: values['dry-run'] ?? false };
      return reportChange(io, 'deployed', await call<DeployResponse>(io, 'POST', '/deploys', body));
    }
    case 'rollback': {
      const [remote, to] = rest;
      if (rest.length > 2) throw new CliFailure(USAGE, 2);
      return reportChange(io, 'rolled back', await call<DeployResponse>(io, 'POST', '/rollbacks', { remote: asRemote(remote), to }));
    }
    case 'history': {
      if (rest.length > 1) throw new CliFailure(USAGE, 2);
      const query = new URLSearchParams();
      if (rest[0]) query.set('remote', asRemote(rest[0]));
      if (values.limit) query.set('limit', values.limit);
      const { lines } = await call<HistoryResponse>(io, 'GET', `/history?${query}`);
      if (lines.length === 0) io.out('no history yet');
      for (const line of lines) io.out(historyRow(line));
      return;
    }
    case 'canary': {
      const [remote, entry, percent] = rest;
      if (!entry || !percent || rest.length > 3) throw new CliFailure(USAGE, 2);
      const body = { remote: asRemote(remote), entry, ssrEntry: values['ssr-entry'], percent: Number(percent) };
      const answer = await call<DeployResponse>(io, 'POST', '/canaries', body);
      io.out(`canary: ${body.percent} % of visitors get ${describeEntry(answer.entry?.to ?? null)} of ${body.remote} (history ${answer.entry?.id})`);
      for (const text of checkLines(answer.checks)) io.out(text);
      return;
    }
    case 'canary-abort': {
      const [remote] = rest;
      if (rest.length !== 1) throw new CliFailure(USAGE, 2);
      const answer = await call<DeployResponse>(io, 'DELETE', `/canaries/${asRemote(remote)}`);
      io.out(`canary aborted: everyone runs ${describeEntry(answer.entry?.to ?? null)} of ${remote} from their next page (history ${answer.entry?.id})`);
      return;
    }
    case 'preview': {
      const [remote, entry] = rest;
      if (!entry || rest.length > 2) throw new CliFailure(USAGE, 2);
      const ttlSeconds = values['ttl-seconds'] === undefined ? undefined : Number(values['ttl-seconds']);
      const body = { remotes: { [asRemote(remote)]: { entry, ...(values['ssr-entry'] ? { ssrEntry: values['ssr-entry'] } : {}) } }, ...(ttlSeconds === undefined ? {} : { ttlSeconds }) };
      const answer = await call<PreviewResponse>(io, 'POST', '/previews', body);
      io.out(`preview of ${answer.remotes.join(', ')} until ${answer.expiresAt}; open this link in the browser to preview in:`);
      io.out(answer.link);
      io.out(`or send the header ${PREVIEW_HEADER}: ${answer.token}`);
      return;
    }
    case 'health': {
      if (rest.length > 0) throw new CliFailure(USAGE, 2);
      const { remotes, thresholds } = await call<HealthResponse>(io, 'GET', '/health');
      io.out(`thresholds: error rate over ${thresholds.maxErrorRate} in at least ${thresholds.minViews} views, watched ${thresholds.watchSeconds} s after a deploy or canary`);
      for (const remote of remotes) {
        const canary = remote.canary ? `; canary ${remote.canary.percent} % ${remote.canary.entry}` : '';
        const watch = remote.watch ? `; watching ${remote.watch.entry} until ${remote.watch.until} (${remote.watch.action})` : '';
        io.out(`${remote.remote}: ${remote.entry}${canary}${watch}`);
        for (const version of remote.versions) {
          const errors = version.clientErrors.load + version.clientErrors.render;
          io.out(`  ${version.entry}: ${version.views} views, ${errors} client errors, ${version.serverFailures} server failures (rate ${version.errorRate.toFixed(3)}) since ${version.since}`);
        }
      }
      return;
    }
    case 'credential': {
      const [credentialName, ...remotes] = rest;
      if (!credentialName || remotes.length === 0) throw new CliFailure(USAGE, 2);
      const scope = remotes.length === 1 && remotes[0] === 'all' ? (['*'] as ['*']) : remotes.map(asRemote);
      const stateDir = io.env.PLATFORM_STATE_DIR || io.defaultStateDir;
      const secret = await addCredential(stateDir, credentialName, scope).catch((error: unknown) => {
        throw new CliFailure(error instanceof Error ? error.message : String(error), 2);
      });
      io.out(`credential "${credentialName}" for ${scope.join(', ')} (in ${stateDir}); its secret, shown this once:`);
      io.out(secret);
      return;
    }
    default:
      throw new CliFailure(USAGE, 2);
  }
}

/** Runs one CLI command; resolves with the exit code (0 done, 1 refused or unreachable, 2 misused). */
export async function runPlatformCli(args: string[], io: CliIo): Promise<number> {
  try {
    await command(args, io);
    return 0;
  } catch (error) {
    if (error instanceof CliFailure) {
      io.err(error.message);
      return error.exitCode;
    }
    if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) {
      io.err(`${error.message}\n${USAGE}`);
      return 2;
    }
    throw error;
  }
}
