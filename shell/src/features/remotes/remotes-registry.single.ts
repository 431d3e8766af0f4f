/** The single-application build has no remotes to register (see load-remote-component.single.ts). */
export function registerRemotesFromManifest(): Promise<void> {
  return Promise.resolve();
}

export function reregisterRemotes(): Promise<void> {
  return Promise.resolve();
}
