/**
 * A file of the shell's host that is edited while the site runs (config.json, remotes.json): read past every
 * cache, because an edit must take effect on the next load.
 */
export async function fetchRuntimeFile<T>(name: string): Promise<T> {
  const response = await fetch(`/${name}`, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${name} answered ${response.status}`);
  return (await response.json()) as T;
}
