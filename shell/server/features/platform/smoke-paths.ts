import { REMOTES, type RemoteId } from '@linkhunt/contracts/remotes';
import { REMOTE_ROUTES } from '../../../src/app/remote-routes.ts';

/**
 * The pages a deploy's smoke render opens for `remote`: for each page it exposes, the first route that shows it
 * without a session (a guarded route renders only its guard on the server), its parameters filled with a name no
 * product or user has, so the page renders its not-found state through the remote's own code. A page no route
 * shows (the header's search panel) is on every page: the home page covers it.
 */
export function smokePaths(remote: RemoteId): string[] {
  const paths = REMOTES[remote].exposes.map((expose) => {
    const route = REMOTE_ROUTES.find((candidate) => candidate.remote === remote && candidate.expose === expose && !candidate.guarded);
    return `/es/${(route?.path ?? 'index').replace(/:[a-z]+/gi, 'smoke-check')}`;
  });
  return [...new Set(paths)];
}
