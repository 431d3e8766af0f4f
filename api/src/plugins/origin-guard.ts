import type { FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import Type from 'typebox';
import { Message } from '@linkhunt/contracts/schemas/common';
import { forbidden } from '../http-errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Counts something (a visit, a download, a report): answered only when the request's Origin is one of the
     * site's origins (CORS_ORIGINS), else 403 before the handler runs, so nothing is counted.
     */
    siteOriginOnly?: boolean;
  }
}

export const FOREIGN_ORIGIN = 'request.foreign_origin';

const FORBIDDEN_ORIGIN = Type.Object(Message.properties, {
  description: 'The request\'s Origin header is missing or is not one of the site\'s origins: nothing was counted',
});

/** scheme://host[:port], as browsers write an Origin header; null for anything else ("null", a path). */
function normalOrigin(value: string): string | null {
  try {
    const url = new URL(value);
    return url.origin === 'null' ? null : url.origin;
  } catch {
    return null;
  }
}

/**
 * A browser sends Origin with every POST, cross-origin or not, and the site calls the API from its own
 * pages on another origin, so a counting POST without the site's Origin is not the site: another page's
 * blind `fetch(..., { mode: 'no-cors' })`, an <img>, or a script. The check runs after validation, so a
 * malformed request still gets its 422.
 */
export const originGuardPlugin = fp(
  async (app) => {
    const siteOrigins = new Set(app.config.corsOrigins.flatMap((origin) => normalOrigin(origin) ?? []));

    const fromSite = (request: FastifyRequest): boolean => {
      const origin = request.headers.origin;
      if (typeof origin !== 'string') return false;
      const normal = normalOrigin(origin);
      return normal !== null && siteOrigins.has(normal);
    };

    app.addHook('onRoute', (route: RouteOptions) => {
      if (route.config?.siteOriginOnly !== true || !route.schema) return;
      const response = route.schema.response as Record<string, unknown> | undefined;
      route.schema = { ...route.schema, response: { 403: FORBIDDEN_ORIGIN, ...response } };
    });

    app.addHook('preHandler', async (request) => {
      if (request.routeOptions.config.siteOriginOnly === true && !fromSite(request)) throw forbidden(FOREIGN_ORIGIN);
    });
  },
  { name: 'origin-guard', dependencies: ['config', 'errors'] },
);
