import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import { BOOT_STATE_ID, type BootState, HYDRATION_STATE_ID, type HydrationState, type PrefetchedAnswer } from '@linkhunt/contracts/ssr';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import type { RemotesManifest } from '@linkhunt/contracts/remotes';
import { createRenderI18n, registerLocales } from '@linkhunt/shared-ui/features/i18n/i18n.ts';
import { isLanguage } from '@linkhunt/shared-ui/features/i18n/languages.ts';
import { RENDER_SCOPE_KEY, type RenderScope } from '@linkhunt/shared-ui/features/ssr/render-scope.ts';
import { answerOf, isUnavailableAnswer } from '@linkhunt/shared-ui/features/query/api-answer.ts';
import { createQueryClient } from '@linkhunt/shared-ui/features/query/query-client.ts';
import { registerUiLocales } from '@linkhunt/shared-ui/locales/register-ui-locales.ts';
import { type ReactNode, StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { matchPath, StaticRouter } from 'react-router';
import { REMOTE_ROUTES } from '../../../src/app/remote-routes.ts';
import { SHOW_IF_UNDECIDED } from '../../../src/features/consent/show-if-undecided.ts';
import { AppRoutes } from '../../../src/app/routes.tsx';
import type { ServerRemote } from '../../lib/remotes/import-server-entries.ts';
import { type DocumentTemplate, HEAD_PLACEHOLDER, inlineStyle, scriptJson } from './document-template.ts';
import { escapeAttribute } from '../../lib/html/escape.ts';
import type { PageRequest, RenderedPage } from './page-request.ts';
import { inlineHashes } from '../../lib/static-site/content-security-policy.mjs';

const storage = new AsyncLocalStorage<RenderScope>();
/** What the render keeps of its budget for itself, after the API's answers are due. */
const RENDER_MARGIN_MS = 200;
// Every copy of shared-ui (the shell's, each remote's) finds the render's scope here (render-scope.ts).
(globalThis as { [RENDER_SCOPE_KEY]?: AsyncLocalStorage<RenderScope> })[RENDER_SCOPE_KEY] = storage;

// The shell's own words, as bootstrap.tsx registers them in the browser.
registerUiLocales();
registerLocales('shell', (language) => import(`../../../src/locales/${language}.json`));

/**
 * The inline scripts the site's own components write into React's output, each a constant: a page that carries
 * one exactly gets its hash. Anything else inline in React's output (which only data could have put there) gets
 * none, and the browser refuses it.
 */
const COMPONENT_SCRIPTS = [SHOW_IF_UNDECIDED].map((code) => `<script>${code}</script>`);

/** What one worker renders with: its remotes.json, what it made of each remote, the shell's head. */
export interface RenderContext {
  manifest: RemotesManifest;
  remotes: ServerRemote[];
  template: DocumentTemplate;
  /** Called for an error React met while rendering (a remote's page that threw); the area then renders in the browser. */
  onRenderError: (error: unknown) => void;
}

/** A GET of the API for the page, in the page's language, bounded by what is left of the budget; never rejects. */
async function fetchAnswer(apiUrl: string, path: string, language: string, deadline: number): Promise<PrefetchedAnswer> {
  try {
    const response = await fetch(`${apiUrl.replace(/\/$/, '')}${path}`, {
      headers: { Accept: 'application/json', 'Accept-Language': language },
      signal: AbortSignal.timeout(Math.max(1, Math.round(deadline - performance.now()))),
    });
    const text = await response.text();
    let data: unknown = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      // An HTML error page from a proxy tells the page nothing.
    }
    return { status: response.status, data };
  } catch {
    return { status: null, data: null };
  }
}

/** Whether a read of the render failed for want of the API, or was still awaited when the budget ran out. */
function lackedTheApi(queryClient: QueryClient): boolean {
  return queryClient
    .getQueryCache()
    .getAll()
    .some(({ state }) => state.status !== 'success' || isUnavailableAnswer(answerOf(state.data)));
}

/**
 * The route's remote page, for the head: its stylesheets (inline when they could be read), and, when the server
 * could not render it, its entry, scripts and words to preload, since the area waits for them. A page the
 * server rendered is on screen already: its scripts load after, without racing the first paint.
 */
function remoteHints(pathname: string, language: string, context: RenderContext): string {
  const route = REMOTE_ROUTES.find(({ path }) => matchPath(`/:lang/${path}`, pathname));
  const remote = route && context.remotes.find(({ id }) => id === route.remote);
  if (!route || !remote) return '';
  const assets = remote.assets.get(route.expose);
  const words = assets?.async.filter((file) => file.split('/').pop()?.startsWith(`locale-${language}-`)) ?? [];
  const scripts = remote.server ? [] : [remote.entry, ...(assets?.js ?? []), ...words];
  return [
    ...scripts.map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}"/>`),
    ...(assets?.css ?? []).map(({ href, text }) => {
      const inline = text !== undefined && inlineStyle(text);
      const link = `<link rel="stylesheet" href="${escapeAttribute(href)}"`;
      // The remote's loader (remoteEntry.js of @module-federation/vite) adds a <link> for each stylesheet of the
      // page it loads unless one with that href is in the document: a disabled one is, yet is never fetched or
      // applied. Without it hydration fetched the inline styles again and restyled the whole page once per file.
      return inline ? `${inline}${link} disabled/>` : `${link}/>`;
    }),
  ].join('');
}

/** Renders a whole document and resolves with its HTML once everything is ready, or once the budget is spent. */
function renderDocument(tree: ReactNode, language: string, deadline: number, onError: (error: unknown) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        html += chunk.toString();
        done();
      },
      final(done) {
        resolve(html);
        done();
      },
    });
    const stream = renderToPipeableStream(
      <html lang={language}>
        <head>
          <meta charSet="utf-8" />
          <meta name="linkhunt-head" />
        </head>
        <body>
          <div id="root">{tree}</div>
        </body>
      </html>,
      {
        onAllReady: () => {
          clearTimeout(timer);
          stream.pipe(sink);
        },
        onShellError: (error) => {
          clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
        onError: onError,
        // Everything is ready before the first byte goes out (onAllReady): every boundary is written in place.
        // Outlined ones would need React's inline reveal scripts, which the policy does not allow.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      },
    );
    // What is still waiting then is sent as its fallback and rendered by the browser.
    const timer = setTimeout(() => stream.abort(new Error('the render budget ran out')), Math.max(0, deadline - performance.now()));
  });
}

/**
 * One page, rendered in its own scope: its own configuration, i18n instance, API answers and status. The
 * answers and words it used go into the page, so the browser's first render is the same and asks nothing again.
 */
export async function renderPage(request: PageRequest, context: RenderContext): Promise<RenderedPage> {
  const deadline = performance.now() + request.budgetMs;
  // The API's answers must come in time for the page to render with them, or with its error state.
  const answersDeadline = deadline - Math.min(RENDER_MARGIN_MS, request.budgetMs / 4);
  const url = new URL(request.url, request.config.siteUrl);
  const [language] = url.pathname.split('/').filter(Boolean);
  if (!isLanguage(language)) throw new Error(`renderPage: ${request.url} has no language`);

  let status = 200;
  const queryClient = createQueryClient();
  const scope: RenderScope = {
    config: request.config,
    language,
    queryClient,
    setStatus: (code) => (status = code),
    fetch: (path) => fetchAnswer(request.apiUrl, path, language, answersDeadline),
  };

  const i18n = await createRenderI18n(language, ['shell', 'ui']);
  const tree = (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <StaticRouter location={url.pathname + url.search}>
          <AppRoutes />
        </StaticRouter>
      </I18nextProvider>
    </StrictMode>
  );
  const errors: string[] = [];
  const html = await storage.run(scope, () =>
    renderDocument(tree, language, deadline, (error) => {
      errors.push(error instanceof Error ? error.message : String(error));
      context.onRenderError(error);
    }),
  );

  const boot: BootState = { config: request.config, remotes: context.manifest };
  const state: HydrationState = {
    language,
    // Only what came in time: a read still awaited is left to the browser.
    queries: dehydrate(queryClient),
    words: (i18n.store.data[language] ?? {}) as HydrationState['words'],
    serverRemotes: context.remotes.flatMap(({ id, server }) => (server ? [id] : [])),
  };
  // Product pictures come from the image host (the API's by default), and the page's later calls from the API.
  const origins = new Set([request.config.imageUrl, request.config.apiUrl].flatMap((address) => (address ? [new URL(address).origin] : [])));
  const head = [
    `<script type="application/json" id="${BOOT_STATE_ID}">${scriptJson(boot)}</script>`,
    ...[...origins].map((origin) => `<link rel="preconnect" href="${escapeAttribute(origin)}"/>`),
    context.template.head,
    remoteHints(url.pathname, language, context),
  ].join('');
  return {
    errors,
    // Only what this function wrote (the head; the boot and hydration JSON are data blocks, which need no hash)
    // and the components' own constant scripts the page carries.
    inline: inlineHashes(head + COMPONENT_SCRIPTS.filter((script) => html.includes(script)).join('')),
    // A page that could not be rendered for want of the API says so; a not-found state says 404.
    status: status === 200 && lackedTheApi(queryClient) ? 503 : status,
    html: html
      .replace(HEAD_PLACEHOLDER, head)
      .replace('</body>', `<script type="application/json" id="${HYDRATION_STATE_ID}">${scriptJson(state)}</script></body>`),
  };
}
