import { renderScope } from './render-scope.ts';

/** Sets the HTTP status of the page being rendered on the server (404 for a not-found state); nothing in the browser. */
export function useResponseStatus(status: number): void {
  renderScope()?.setStatus(status);
}
