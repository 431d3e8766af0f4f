import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DeployRequest,
  DeployResponse,
  HistoryQuery,
  HistoryResponse,
  PlatformError,
  PreflightRefusal,
  RemotesResponse,
  RollbackRequest,
} from '@linkhunt/contracts/schemas/platform';
import { REMOTE_IDS, type RemoteId } from '@linkhunt/contracts/remotes';
import type { FastifyError, FastifyRequest } from 'fastify';
import { bearerOf, type Credential, credentialOf, mayActOn } from '../credentials.ts';
import type { Deployer } from './deployer.ts';
import { entryOf, type History, latestByRemote } from './history.ts';
import { PlatformRefusal } from './platform-refusal.ts';
import type { RemotesFile } from './remotes-file.ts';

export interface DeployRoutesOptions {
  stateDir: string;
  deployer: Deployer;
  history: History;
  remotesFile: RemotesFile;
}

const DEFAULT_HISTORY_LIMIT = 50;
/** Codes for the refusals Fastify itself makes (a body that is no JSON, too large, of another type). */
const FRAMEWORK_CODES: Record<number, string> = { 400: 'invalid_request', 404: 'not_found', 413: 'too_large', 415: 'unsupported_media_type' };
const refusals = { 400: PlatformError, 401: PlatformError, 403: PlatformError, 404: PlatformError, 409: PlatformError, 503: PlatformError };

/**
 * The deploy API (registered under /_platform): POST /deploys, POST /rollbacks, GET /history, GET /remotes. Every
 * request carries a platform credential (`Authorization: Bearer …`); deploying or rolling back a remote needs
 * one that may act on it. Every answer is `no-store`; every refusal `{ error, message }`.
 */
export const deployRoutes: FastifyPluginAsyncTypebox<DeployRoutesOptions> = async (app, options) => {
  const { deployer, history, remotesFile, stateDir } = options;

  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });
  app.setErrorHandler((error: FastifyError | PlatformRefusal, request, reply) => {
    if (error instanceof PlatformRefusal) return reply.code(error.status).send({ error: error.code, message: error.message, ...error.extra });
    if (error.validation) return reply.code(400).send({ error: 'invalid_request', message: `${error.validationContext ?? 'request'} ${error.message}` });
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.code(status).send({ error: FRAMEWORK_CODES[status] ?? 'bad_request', message: error.message });
    request.log.error({ err: error }, 'platform API failed');
    return reply.code(500).send({ error: 'internal', message: 'the platform API failed; the server log has the cause' });
  });

  async function caller(request: FastifyRequest): Promise<Credential> {
    const credential = await credentialOf(stateDir, bearerOf(request.headers.authorization));
    if (!credential) throw new PlatformRefusal(401, 'unauthorized', 'send a platform credential: Authorization: Bearer <secret> (pnpm remote:credential makes one)');
    return credential;
  }
  async function callerFor(request: FastifyRequest, remote: RemoteId): Promise<Credential> {
    const credential = await caller(request);
    if (!mayActOn(credential, remote)) {
      throw new PlatformRefusal(403, 'forbidden', `credential "${credential.name}" may act on ${credential.remotes.join(', ')}, not ${remote}`);
    }
    return credential;
  }

  app.post('/deploys', { schema: { body: DeployRequest, response: { 200: DeployResponse, 422: PreflightRefusal, ...refusals } } }, async (request) => {
    const credential = await callerFor(request, request.body.remote);
    return deployer.deploy(credential.name, request.body);
  });

  app.post('/rollbacks', { schema: { body: RollbackRequest, response: { 200: DeployResponse, 422: PreflightRefusal, ...refusals } } }, async (request) => {
    const credential = await callerFor(request, request.body.remote);
    return deployer.rollback(credential.name, request.body);
  });

  app.get('/history', { schema: { querystring: HistoryQuery, response: { 200: HistoryResponse, ...refusals } } }, async (request) => {
    await caller(request);
    const { remote, limit = DEFAULT_HISTORY_LIMIT } = request.query;
    const lines = (await history.lines()).filter((line) => !remote || line.remote === remote);
    return { lines: lines.reverse().slice(0, limit) };
  });

  app.get('/remotes', { schema: { response: { 200: RemotesResponse, ...refusals } } }, async (request) => {
    await caller(request);
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
