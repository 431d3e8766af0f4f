import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';

/** The OpenAPI 3 document is generated from the route schemas; the UI is served at /docs. */
export const docsPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: { title: 'Linkhunt product API', version: '1.0.0', description: 'Products, brands, categories, users, reviews, favourites and reports of the Linkhunt catalogue.' },
        servers: [{ url: app.config.publicUrl }],
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      },
    });
    await app.register(swaggerUi, {
      routePrefix: '/docs',
      // The UI's own policy (its scripts and styles by hash, everything else from this origin), not the API's
      // `default-src 'none'`, under which it would not run. Never framed; no upgrade-insecure-requests, which
      // would send a plain-http deployment's "Try it out" requests to an https that is not there.
      staticCSP: true,
      transformStaticCSP: (policy) =>
        policy
          .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
          .replace(/\s*upgrade-insecure-requests;?/, '')
          .trim(),
    });
  },
  { name: 'docs', dependencies: ['config'] },
);
