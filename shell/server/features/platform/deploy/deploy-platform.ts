import { join } from 'node:path';
import { PLATFORM_PREFIX } from '@linkhunt/contracts/platform';
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
  /** The URL prefixes a deploy may name. */
  allowlist: readonly string[];
  hostShares: HostShareInfo;
  smokeRender: SmokeRender;
  /** How often remotes.json is looked at for hand edits. */
  watchIntervalMs: number;
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
  const deployer = new Deployer({ remotesFile, history, allowlist: options.allowlist, hostShares: options.hostShares, smokeRender: options.smokeRender, fetchTimeoutMs: FETCH_TIMEOUT_MS });
  const handEdits = new HandEditWatch(remotesFile, history, log);
  await handEdits.start(options.watchIntervalMs);
  app.addHook('onClose', () => handEdits.stop());
  await app.register(deployRoutes, { prefix: PLATFORM_PREFIX, stateDir: options.stateDir, deployer, history, remotesFile });
}
