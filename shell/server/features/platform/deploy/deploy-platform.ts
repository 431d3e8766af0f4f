import { join } from 'node:path';
import { HEALTH_WATCH_AUTHOR, PLATFORM_PREFIX } from '@linkhunt/contracts/platform';
import type { PlatformAccess } from '../../../lib/platform/platform-access.ts';
import type { RemoteHealthCounts } from '../../../lib/platform/remote-health.ts';
import type { FastifyInstance } from 'fastify';
import type { HostShareInfo } from '../../../../../shared-ui/federation/shared-deps.ts';
import { deployRoutes } from './deploy-routes.ts';
import { Deployer } from './deployer.ts';
import { HandEditWatch } from './hand-edits.ts';
import { History } from './history.ts';
import type { SmokeRender } from './preflight/smoke-render.ts';
import { RemotesFile } from './remotes-file.ts';

export interface DeployPlatformOptions {
  distDir: string;
  stateDir: string;
  access: PlatformAccess;
  /** The URL prefixes a deploy may name. */
  allowlist: readonly string[];
  hostShares: HostShareInfo;
  smokeRender: SmokeRender;
  /** How often remotes.json is looked at for hand edits. */
  watchIntervalMs: number;
  /** Each version's health: a deploy or canary is watched there, and undone if it turns unhealthy in time. */
  health: RemoteHealthCounts;
}

/** How long each of a build's three files may take to arrive during a preflight. */
const FETCH_TIMEOUT_MS = 5_000;

/**
 * Deploys, history and rollback on the shell server: the routes under /_platform, and the watch that records
 * hand edits of remotes.json (now, then every watchIntervalMs, stopped with the server).
 */
export async function registerDeployPlatform(app: FastifyInstance, options: DeployPlatformOptions): Promise<void> {
  const log = (message: string) => app.log.warn(message);
  const remotesFile = new RemotesFile(join(options.distDir, 'remotes.json'), log);
  const history = new History(options.stateDir);
  const { health } = options;
  const deployer: Deployer = new Deployer({
    remotesFile,
    history,
    allowlist: options.allowlist,
    hostShares: options.hostShares,
    smokeRender: options.smokeRender,
    fetchTimeoutMs: FETCH_TIMEOUT_MS,
    onLive: (line) => {
      const { remote, from, to } = line;
      const canary = line.action === 'canary';
      // A first deploy has nothing to go back to.
      if (!to || (!canary && !from)) return;
      health.watch({
        remote,
        entry: to.entry,
        until: Date.now() + health.thresholds.watchMs,
        action: canary ? 'abort-canary' : 'rollback',
        act: async (found) => {
          const reason = `${found.clientErrors.load + found.clientErrors.render} client errors and ${found.serverFailures} server failures in ${found.views} views, over the ${health.thresholds.maxErrorRate} error rate`;
          if (canary) await deployer.abortCanary(HEALTH_WATCH_AUTHOR, remote, reason);
          else if (from) await deployer.rollback(HEALTH_WATCH_AUTHOR, { remote, to: from.entry }, reason);
        },
      });
    },
  });
  const handEdits = new HandEditWatch(remotesFile, history, log);
  await handEdits.start(options.watchIntervalMs);
  app.addHook('onClose', () => handEdits.stop());
  await app.register(deployRoutes, { prefix: PLATFORM_PREFIX, access: options.access, deployer, history, remotesFile });
}
