import { createHash, randomBytes } from 'node:crypto';
import type { Role } from '@linkhunt/contracts/user';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { tokenHolder } from '../db/token-holder.js';
import { forbidden, unauthorized } from '../http-errors.js';

export interface AuthUser {
  id: number;
  username: string;
  role: Role;
  /** The e-mail address was verified: until then reviews give no points and uploads are few. */
  verified: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null for a visitor (an invalid token also leaves it null). */
    user: AuthUser | null;
    /** Hash of the bearer token that authenticated this request, for logout. */
    tokenHash: string | null;
  }
  interface FastifyInstance {
    requireUser(request: FastifyRequest): Promise<void>;
    requireAdmin(request: FastifyRequest): Promise<void>;
    /** A moderator or an admin. */
    requireModerator(request: FastifyRequest): Promise<void>;
  }
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The signed-in user of a route guarded by app.requireUser (a 401 should the guard be missing). */
export function signedInUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized('auth.login_required');
  return request.user;
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S{1,200})$/i.exec(header);
  return match?.[1] ?? null;
}

export const authPlugin = fp(
  async (app) => {
    app.decorateRequest('user', null);
    app.decorateRequest('tokenHash', null);

    app.addHook('onRequest', async (request) => {
      const token = bearerToken(request);
      if (!token) return;
      const tokenHash = hashToken(token);
      const row = await tokenHolder(app.db, tokenHash);
      if (row) {
        request.user = { id: row.id, username: row.username, role: row.role, verified: row.email_verified_at !== null };
        request.tokenHash = tokenHash;
      }
    });

    app.decorate('requireUser', async (request: FastifyRequest) => {
      if (!request.user) throw unauthorized(request.headers.authorization ? 'auth.invalid_token' : 'auth.login_required');
    });
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      if (!request.user) throw unauthorized('auth.login_required');
      if (request.user.role !== 'admin') throw forbidden();
    });
    app.decorate('requireModerator', async (request: FastifyRequest) => {
      if (!request.user) throw unauthorized('auth.login_required');
      if (request.user.role !== 'admin' && request.user.role !== 'moderator') throw forbidden();
    });
  },
  { name: 'auth', dependencies: ['database'] },
);
