declare module 'virtual:linkhunt/host-shares' {
  /**
   * Registers the shell's copies of the shared packages with the federation runtime (shared-ui/federation/
   * host-shares.ts): called at start, before any remote loads.
   */
  export function registerHostShares(): void;
}
