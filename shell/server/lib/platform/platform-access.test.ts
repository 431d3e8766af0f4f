import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCredential } from './credentials.ts';
import { PlatformAccess } from './platform-access.ts';

/** A stand-in API: /auth/check answers for two sessions, an admin's and a plain user's, and counts its calls. */
let api: FastifyInstance;
let apiUrl: string;
let checks = 0;
/** A server whose only route needs access to mf-product. */
let site: FastifyInstance;
let siteUrl: string;
let stateDir: string;

beforeAll(async () => {
  stateDir = await mkdtemp(join(tmpdir(), 'platform-access-'));
  api = Fastify();
  api.get('/auth/check', async (request, reply) => {
    checks += 1;
    const users: Record<string, { username: string; role: string }> = {
      'Bearer admin-session': { username: 'ada', role: 'admin' },
      'Bearer user-session': { username: 'uma', role: 'user' },
      'Bearer moderator-session': { username: 'mo', role: 'moderator' },
    };
    const user = users[request.headers.authorization ?? ''];
    return user ? { status: 'success', user: { data: user } } : reply.code(401).send({ message: 'invalid token' });
  });
  await api.listen({ port: 0, host: '127.0.0.1' });
  apiUrl = `http://127.0.0.1:${(api.server.address() as { port: number }).port}`;
  const access = new PlatformAccess(stateDir, async () => apiUrl);
  site = Fastify();
  site.get('/product-only', async (request: FastifyRequest, reply: FastifyReply) => {
    const credential = await access.authorize(request, reply, ['mf-product']);
    return credential ? { name: credential.name } : reply;
  });
  await site.listen({ port: 0, host: '127.0.0.1' });
  siteUrl = `http://127.0.0.1:${(site.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await site.close();
  await api.close();
  await rm(stateDir, { recursive: true, force: true });
});

const ask = async (bearer?: string) => {
  const response = await fetch(`${siteUrl}/product-only`, { headers: bearer ? { authorization: `Bearer ${bearer}` } : {} });
  return { status: response.status, body: (await response.json()) as { name?: string; error?: string } };
};

describe('PlatformAccess', () => {
  it('takes a credential of the remote, refuses one of another remote, and nothing without one', async () => {
    expect(await ask(await addCredential(stateDir, 'product-team', ['mf-product']))).toEqual({ status: 200, body: { name: 'product-team' } });
    expect((await ask(await addCredential(stateDir, 'search-team', ['mf-search']))).status).toBe(403);
    expect((await ask()).status).toBe(401);
  });

  it('takes an admin’s session, as the API vouches for it, for every remote, asking the API once a while', async () => {
    checks = 0;
    expect(await ask('admin-session')).toEqual({ status: 200, body: { name: 'admin:ada' } });
    expect(await ask('admin-session')).toEqual({ status: 200, body: { name: 'admin:ada' } });
    expect(checks).toBe(1);
    for (const session of ['user-session', 'moderator-session', 'expired-session']) expect((await ask(session)).status).toBe(401);
  });

  it('refuses a session while the API cannot be reached', async () => {
    const unreachable = new PlatformAccess(stateDir, async () => 'http://127.0.0.1:9');
    const reply = { code: () => reply, header: () => reply, send: () => reply } as unknown as FastifyReply;
    const request = { headers: { authorization: 'Bearer fresh-admin-session' }, log: { warn: () => undefined } } as unknown as FastifyRequest;
    expect(await unreachable.authorize(request, reply, [])).toBeUndefined();
  });
});
