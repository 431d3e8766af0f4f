import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CanaryParams,
  CanaryRequest,
  DeployRequest,
  DeployResponse,
  HistoryQuery,
  HistoryResponse,
  PlatformError,
  PreflightRefusal,
  RemotesResponse,
  RollbackRequest,
} from '@linkhunt/contracts/schemas/platform';
import { REMOTE_IDS } from '@linkhunt/contracts/remotes';
import type { PlatformAccess } from '../../../lib/platform/platform-access.ts';
import { PlatformRefusal, platformErrorHandler } from '../../../lib/platform/platform-errors.ts';
import type { Deployer } from './deployer.ts';
import { entryOf, type History, latestByRemote } from './history.ts';
import type { RemotesFile } from './remotes-file.ts';

export interface DeployRoutesOptions {
  access: PlatformAccess;
  deployer: Deployer;
  history: History;
  remotesFile: RemotesFile;
}

const DEFAULT_HISTORY_LIMIT = 50;
const refusals = { '4xx': PlatformError, '5xx': PlatformError };

/**
 * The deploy API (registered under /_platform): POST /deploys, POST /rollbacks, GET /history, GET /remotes. Every
 * request carries a platform credential (`Authorization: Bearer …`); deploying or rolling back a remote needs
 * one that may act on it. Every answer is `no-store`; every refusal `{ error, message }`.
 */
export const deployRoutes: FastifyPluginAsyncTypebox<DeployRoutesOptions> = async (app, options) => {
  const { deployer, history, remotesFile, access } = options;
  platformErrorHandler(app);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.post('/deploys', { schema: { body: DeployRequest, response: { 200: DeployResponse, 422: PreflightRefusal, ...refusals } } }, async (request, reply) => {
    const credential = await access.authorize(request, reply, [request.body.remote]);
    if (!credential) return reply;
    return deployer.deploy(credential.name, request.body);
  });

  app.post('/rollbacks', { schema: { body: RollbackRequest, response: { 200: DeployResponse, 422: PreflightRefusal, ...refusals } } }, async (request, reply) => {
    const credential = await access.authorize(request, reply, [request.body.remote]);
    if (!credential) return reply;
    return deployer.rollback(credential.name, request.body);
  });

  app.post('/canaries', { schema: { body: CanaryRequest, response: { 200: DeployResponse, 422: PreflightRefusal, ...refusals } } }, async (request, reply) => {
    const credential = await access.authorize(request, reply, [request.body.remote]);
    if (!credential) return reply;
    return deployer.canary(credential.name, request.body);
  });

  app.delete('/canaries/:remote', { schema: { params: CanaryParams, response: { 200: DeployResponse, ...refusals } } }, async (request, reply) => {
    const credential = await access.authorize(request, reply, [request.params.remote]);
    if (!credential) return reply;
    return deployer.abortCanary(credential.name, request.params.remote);
  });

  app.get('/history', { schema: { querystring: HistoryQuery, response: { 200: HistoryResponse, ...refusals } } }, async (request, reply) => {
    if (!(await access.authorize(request, reply, []))) return reply;
    const { remote, limit = DEFAULT_HISTORY_LIMIT } = request.query;
    const lines = (await history.lines()).filter((line) => !remote || line.remote === remote);
    return { lines: lines.reverse().slice(0, limit) };
  });

  app.get('/remotes', { schema: { response: { 200: RemotesResponse, ...refusals } } }, async (request, reply) => {
    if (!(await access.authorize(request, reply, []))) return reply;
    const { manifest } = await remotesFile.read().catch((error: unknown) => {
      throw new PlatformRefusal(503, 'remotes_unreadable', `remotes.json cannot be read now: ${error instanceof Error ? error.message : String(error)}`);
    });
    const latest = latestByRemote(await history.lines());
    const remotes = REMOTE_IDS.flatMap((remote) => {
      const entry = entryOf(manifest[remote]);
      return entry ? [{ remote, ...entry, last: latest.get(remote) ?? null }] : [];
    });
    return { remotes };
  });
};
