import type { RemoteId } from '@linkhunt/contracts/remotes';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { bearerOf, type Credential, credentialOf, mayActOn } from './credentials.ts';
import { refuse } from './platform-errors.ts';

/**
 * The request's credential when it may act on every one of `remotes`; otherwise the refusal is sent (401 without
 * a valid credential, 403 naming a remote it may not touch) and undefined is returned.
 */
export async function authorize(request: FastifyRequest, reply: FastifyReply, stateDir: string, remotes: RemoteId[]): Promise<Credential | undefined> {
  const credential = await credentialOf(stateDir, bearerOf(request.headers.authorization));
  if (!credential) {
    reply.header('WWW-Authenticate', 'Bearer realm="linkhunt-platform"');
    refuse(reply, 401, 'unauthorized', 'A platform credential is needed: send it as "Authorization: Bearer <secret>" (make one with `pnpm remote:credential`).');
    return undefined;
  }
  const denied = remotes.filter((remote) => !mayActOn(credential, remote));
  if (denied.length > 0) {
    refuse(reply, 403, 'forbidden', `The credential "${credential.name}" may not act on ${denied.join(', ')}; it is for ${credential.remotes.join(', ')}.`);
    return undefined;
  }
  return credential;
}
