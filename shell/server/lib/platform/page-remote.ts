import type { RemoteId } from '@linkhunt/contracts/remotes';
import { matchPath } from 'react-router';
import { REMOTE_ROUTES } from '../../../src/app/remote-routes.ts';

/** The remote whose page `pathname` (`/es/product/x`) shows, as the shell's router decides; undefined for the shell's own pages. */
export function pageRemote(pathname: string): RemoteId | undefined {
  return REMOTE_ROUTES.find(({ path }) => matchPath(`/:lang/${path}`, pathname))?.remote;
}
