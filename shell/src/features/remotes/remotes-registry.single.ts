/** The single-application build has no remotes to register (see load-remote-component.single.ts). */
export function registerRemotesFromManifest(): Promise<void> {
  return Promise.resolve();
}

export function reregisterRemotes(): Promise<void> {
  return Promise.resolve();
}

/** Nothing is registered, so no area's failure names a version. */
export function registeredEntry(): string | undefined {
  return undefined;
}
