import { createHash } from 'node:crypto';
import type { RemoteId } from '@linkhunt/contracts/remotes';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { bearerOf, type Credential, credentialOf, mayActOn } from './credentials.ts';
import { refuse } from './platform-errors.ts';

/** How long the API's word that a session is an admin's is taken: a revoked session stops working within it. */
const ADMIN_SESSION_TTL_MS = 30_000;

/**
 * Who may use the platform API: a platform credential (a team's, scoped to its remotes, or a staff or CI one for
 * all), or the session of one of the site's admins (the console's platform page), which the API vouches for
 * (GET /auth/check with that bearer) and which acts on every remote as `admin:<username>`.
 */
export class PlatformAccess {
  /** By the bearer's hash: the admin it belongs to, or false for a bearer the API refused or that is no admin's. */
  private readonly sessions = new LRUCache<string, Credential | false>({ max: 1_000, ttl: ADMIN_SESSION_TTL_MS });

  constructor(
    readonly stateDir: string,
    /** Where the shell server reads the API. */
    private readonly apiUrl: () => Promise<string>,
  ) {}

  /**
   * The request's credential when it may act on every one of `remotes`; otherwise the refusal is sent (401 without
   * a valid credential, 403 naming a remote it may not touch) and undefined is returned.
   */
  async authorize(request: FastifyRequest, reply: FastifyReply, remotes: RemoteId[]): Promise<Credential | undefined> {
    const bearer = bearerOf(request.headers.authorization);
    const credential = (await credentialOf(this.stateDir, bearer)) ?? (bearer ? await this.adminOf(bearer, request) : undefined);
    if (!credential) {
      reply.header('WWW-Authenticate', 'Bearer realm="linkhunt-platform"');
      refuse(reply, 401, 'unauthorized', 'A platform credential or an admin\'s session is needed: send it as "Authorization: Bearer <secret>" (make a credential with `pnpm remote:credential`).');
      return undefined;
    }
    const denied = remotes.filter((remote) => !mayActOn(credential, remote));
    if (denied.length > 0) {
      refuse(reply, 403, 'forbidden', `The credential "${credential.name}" may not act on ${denied.join(', ')}; it is for ${credential.remotes.join(', ')}.`);
      return undefined;
    }
    return credential;
  }

  private async adminOf(bearer: string, request: FastifyRequest): Promise<Credential | undefined> {
    const key = createHash('sha256').update(bearer).digest('base64url');
    const known = this.sessions.get(key);
    if (known !== undefined) return known || undefined;
    try {
      const response = await fetch(`${(await this.apiUrl()).replace(/\/$/, '')}/auth/check`, {
        headers: { authorization: `Bearer ${bearer}`, accept: 'application/json' },
        signal: AbortSignal.timeout(5_000),
      });
      const answer = response.ok ? ((await response.json()) as { user?: { data?: { username?: string; role?: string } } }) : undefined;
      const user = answer?.user?.data;
      const admin: Credential | false =
        user?.role === 'admin' && user.username ? { name: `admin:${user.username}`, sha256: '', remotes: ['*'], created: new Date().toISOString() } : false;
      // Only the API's answers are kept; a failure to reach it is asked again next time.
      this.sessions.set(key, admin);
      return admin || undefined;
    } catch (error) {
      request.log.warn({ err: error }, 'the API could not be asked whether a platform request is an admin’s');
      return undefined;
    }
  }
}
