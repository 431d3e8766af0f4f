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
    await app.register(swaggerUi, { routePrefix: '/docs' });
  },
  { name: 'docs', dependencies: ['config'] },
);
