/**
 * One instance per page, whatever the number of copies of the module that asks: a remote that ends up with
 * its own copy of shared-ui (a version mismatch, a misconfigured build) still reaches the shell's state.
 */
export function globalSingleton<T>(key: string, create: () => T): T {
  const registry = globalThis as unknown as Record<symbol, T | undefined>;
  const symbol = Symbol.for(`linkhunt.${key}`);
  return (registry[symbol] ??= create());
}
