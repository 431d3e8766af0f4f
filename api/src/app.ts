import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import type { Dispatcher } from 'undici';
import Fastify, { type FastifyError, type FastifyReply, type FastifyRequest } from 'fastify';
import type { App } from './app-types.js';
import type { Config } from './config.js';
import { connectDatabase, type DatabaseHandle } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';
import { adminRoutes } from './features/admin/routes.js';
import { appealRoutes } from './features/appeals/routes.js';
import { authRoutes } from './features/auth/routes.js';
import { brandRoutes } from './features/brands/routes.js';
import { categoryRoutes } from './features/categories/routes.js';
import { contactRoutes } from './features/contact/routes.js';
import { favouriteRoutes } from './features/favourites/routes.js';
import { healthRoutes } from './features/health/routes.js';
import { linkHealthPlugin } from './features/link-health/plugin.js';
import { agentLinksPlugin } from './features/agent-links/plugin.js';
import { agentLinkRoutes } from './features/agent-links/routes.js';
import { exchangeRatesPlugin } from './features/prices/plugin.js';
import { priceRoutes } from './features/prices/routes.js';
import { productDownloadRoutes } from './features/products/download-routes.js';
import { productReadRoutes } from './features/products/read-routes.js';
import { productWriteRoutes } from './features/products/write-routes.js';
import { reportRoutes } from './features/reports/routes.js';
import { searchRoutes } from './features/search/routes.js';
import { shareImageRoutes } from './features/share-images/routes.js';
import { sitemapRoutes } from './features/sitemap/routes.js';
import { userRoutes } from './features/users/routes.js';
import { valorationRoutes } from './features/valorations/routes.js';
import { authPlugin } from './plugins/auth.js';
import { configPlugin } from './plugins/config.js';
import { databasePlugin } from './plugins/database.js';
import { docsPlugin } from './plugins/docs.js';
import { drainingPlugin } from './plugins/draining.js';
import { errorAnswer, errorsPlugin } from './plugins/errors.js';
import { imagesPlugin } from './plugins/images.js';
import { withdrawnImageAccess } from './features/takedown/withdrawn.js';
import { inputGuardsPlugin } from './plugins/input-guards.js';
import { limitsPlugin } from './plugins/limits.js';
import { mailerPlugin } from './plugins/mailer.js';
import { originGuardPlugin } from './plugins/origin-guard.js';
import { readCachePlugin } from './plugins/read-cache.js';
import { securityPlugin } from './plugins/security.js';
import { visitorPlugin } from './plugins/visitor.js';
import { CUSTOM_MESSAGE_KEYWORD } from './validation-messages.js';
import { text } from './i18n/api-text.js';
import { redactedRequest } from '@linkhunt/contracts/log-redaction';

export interface BuildOptions {
  /** An open database (tests pass one per suite); otherwise `config.databaseUrl` is opened and closed with the app. */
  database?: DatabaseHandle;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** Where the link checker's requests go: tests send the stores' hosts to a local fake. */
  linkCheckDispatcher?: Dispatcher;
  /** How long a shutdown keeps idle keep-alive connections open for a last request (plugins/draining.ts); none by default. */
  idleGraceMs?: number;
}

/** A bad percent-encoding or an over-long path segment is the client's doing: answer in the API's format. */
function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  void reply.code(tooLong ? 414 : 400).header('vary', 'Accept-Language').send(errorAnswer(request, text(tooLong ? 'request.address_too_long' : 'request.address_invalid')));
}

/** The whole API as plugins: infrastructure first, then one plugin per feature. Migrates on start. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization'],
            // Request URLs are logged without their secrets (a reset link's token in a log is a reset link).
            serializers: { req: redactedRequest },
            ...(options.logStream && { stream: options.logStream }),
          },
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    bodyLimit: 64 * 1024,
    frameworkErrors,
    // The draining plugin answers requests during close itself, with a message (Fastify's is bare).
    return503OnClosing: false,
    ajv: {
      customOptions: { allErrors: true, keywords: [CUSTOM_MESSAGE_KEYWORD] },
      plugins: [],
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const handle = options.database ?? connectDatabase(config.databaseUrl);
  await migrateToLatest(handle.db);

  await app.register(drainingPlugin, { idleGraceMs: options.idleGraceMs });
  await app.register(configPlugin, { config });
  await app.register(databasePlugin, { handle, closeOnShutdown: !options.database });
  await app.register(errorsPlugin);
  await app.register(inputGuardsPlugin);
  await app.register(securityPlugin);
  await app.register(limitsPlugin);
  // Before auth, so a cached public answer costs no token lookup.
  await app.register(readCachePlugin);
  await app.register(authPlugin);
  await app.register(visitorPlugin);
  await app.register(originGuardPlugin);
  await app.register(mailerPlugin);
  await app.register(linkHealthPlugin, { dispatcher: options.linkCheckDispatcher });
  await app.register(agentLinksPlugin, { dispatcher: options.linkCheckDispatcher });
  await app.register(exchangeRatesPlugin);
  await app.register(multipart, { throwFileSizeLimit: false });
  await app.register(docsPlugin);
  // A picture of a product removed for illegal content is refused like its page (410).
  await app.register(imagesPlugin, { guard: (request, path) => withdrawnImageAccess(app.db, request, path) });

  for (const feature of [
    healthRoutes, productReadRoutes, productDownloadRoutes, productWriteRoutes, valorationRoutes, favouriteRoutes, reportRoutes,
    brandRoutes, categoryRoutes, authRoutes, userRoutes, contactRoutes, adminRoutes, appealRoutes, shareImageRoutes,
    searchRoutes, agentLinkRoutes, priceRoutes,
  ]) {
    await app.register(feature);
  }
  await app.register(sitemapRoutes);
  return app;
}
