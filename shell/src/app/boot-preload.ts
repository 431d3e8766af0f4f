import type { RemotesManifest } from '@linkhunt/contracts/remotes';
import type { SiteConfig } from '@linkhunt/contracts/site-config';
import type { BootState } from '@linkhunt/contracts/ssr';

/** [path, remote, expose] of each remote page (remote-routes.ts), as the inline script receives them. */
export type PreloadRoute = readonly [path: string, remote: string, expose: string];

/** Per language, the built chunks of the shell's own words (its namespaces "shell" and "ui"), as site paths. */
export type PreloadLocales = Readonly<Record<string, readonly string[]>>;

/** What the inline script has already asked for, taken over by the shell once its code runs. */
export interface BootFetches {
  config: Promise<SiteConfig>;
  remotes: Promise<RemotesManifest>;
}

declare global {
  interface Window {
    __linkhuntBoot?: Partial<BootFetches>;
  }
}

/** The shell takes each early answer once; a later read (Retry) asks the server again. */
export function takeBootFetch<K extends keyof BootFetches>(key: K): BootFetches[K] | undefined {
  const boot = window.__linkhuntBoot;
  const fetched = boot?.[key];
  if (boot) Reflect.deleteProperty(boot, key);
  return fetched;
}

/**
 * Runs inline in index.html, before the shell's own code has downloaded (the shell's Vite config injects its
 * source): it asks for config.json and remotes.json at once, connects to the API's origin, and preloads the
 * current page's remote entry and that page's chunks (from the remote's mf-manifest.json), and the words of the
 * page's language, which the shell waits for before its first render. Without it the
 * page's remote would start only after the shell had loaded, started and rendered: a chain of round trips
 * before the first product. It must stay self-contained (no imports, no outer names): its text is what runs.
 * Anything it cannot do is left to the shell, which does all of it anyway.
 */
export function bootPreload(routes: readonly PreloadRoute[], locales: PreloadLocales = {}): void {
  const json = (url: string) =>
    fetch(url, { cache: 'no-store' }).then((response) => {
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      return response.json();
    });
  const hint = (rel: string, href: string, as?: string) => {
    const link = document.createElement('link');
    link.rel = rel;
    link.href = href;
    // Module scripts load in CORS mode, so their preloads must too; stylesheets are linked without it.
    if (as) link.as = as;
    else link.crossOrigin = '';
    document.head.appendChild(link);
  };
  // A page the server rendered carries both files as they were for it (BOOT_STATE_ID in contracts/src/ssr.ts),
  // and the hints for its page in its head already.
  const rendered = document.getElementById('linkhunt-boot')?.textContent;
  if (rendered) {
    const { config, remotes } = JSON.parse(rendered) as BootState;
    window.__linkhuntBoot = { config: Promise.resolve(config), remotes: Promise.resolve(remotes) };
    return;
  }
  const boot: Partial<BootFetches> = (window.__linkhuntBoot = { config: json('/config.json'), remotes: json('/remotes.json') });
  // A failure is the shell's to report, when it takes the answer; here it must not count as unhandled.
  boot.remotes?.catch(() => undefined);
  boot.config?.then(
    (config) => {
      hint('preconnect', new URL(config.apiUrl).origin);
      if (config.imageUrl) hint('preconnect', new URL(config.imageUrl).origin);
    },
    () => undefined,
  );

  const [language = '', ...segments] = window.location.pathname.split('/').slice(1).filter(Boolean);
  for (const file of locales[language] ?? []) hint('modulepreload', file);

  const route = routes.find(([path]) => {
    const parts = path.split('/');
    return parts.length === segments.length && parts.every((part, i) => part === segments[i] || (part.startsWith(':') && segments[i] !== undefined));
  });
  if (!route) return;
  const [, remote, expose] = route;
  boot.remotes
    ?.then(async (manifest: Record<string, { entry?: string } | undefined>) => {
      const entry = manifest[remote]?.entry;
      if (!entry) return;
      hint('modulepreload', entry);
      const mf = (await json(new URL('mf-manifest.json', entry).href)) as {
        exposes?: { path: string; assets: { js: { sync: string[]; async: string[] }; css: { sync: string[] } } }[];
      };
      const assets = mf.exposes?.find((item) => item.path === expose)?.assets;
      // The page's words in its language load after its code otherwise (named so by remote-vite-config.ts).
      const words = (assets?.js.async ?? []).filter((file) => file.split('/').pop()?.startsWith(`locale-${language}-`));
      for (const file of [...(assets?.js.sync ?? []), ...words]) hint('modulepreload', new URL(file, entry).href);
      for (const file of assets?.css.sync ?? []) hint('preload', new URL(file, entry).href, 'style');
    })
    // A remote without mf-manifest.json (or not up) only misses its early hints; the shell reports a remote that is down.
    .catch(() => undefined);
}
