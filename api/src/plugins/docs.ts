import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { sitePage } from '../mail/site-page.js';

/**
 * The tags of the document. Each is the name of the feature folder whose routes carry it (api/src/features/<tag>),
 * and every operation carries exactly one of them (docs.test.ts; Spectral's operation-tag-defined).
 */
export const API_TAGS = [
  { name: 'products', description: 'The catalogue: the listing with search, filters and facets, product pages, store links and their downloads, and a user\'s own uploads.' },
  { name: 'agents', description: 'Buying agents: the ones the site offers, and what a pasted agent or marketplace link names.' },
  { name: 'prices', description: 'The reference exchange rates prices are converted at for visitors who pay in another currency.' },
  { name: 'search', description: 'Suggestions for the search box, as the visitor types.' },
  { name: 'brands', description: 'Brands, each with a page of its visible products.' },
  { name: 'categories', description: 'Categories, each with a page of its visible products.' },
  { name: 'users', description: 'Public profiles, the reviews their products received, the top users and visits of shared profile links.' },
  { name: 'auth', description: 'Accounts: registration, sign-in and the bearer token of a session, the profile, address verification and password reset.' },
  { name: 'favourites', description: 'The signed-in user\'s favourite products.' },
  { name: 'valorations', description: 'Ratings and reviews ("valorations") of products: one per user per product.' },
  { name: 'reports', description: 'Reports of a product by anyone: a broken or wrong link, or a notice of illegal content (EU DSA Art. 16).' },
  { name: 'appeals', description: 'An uploader\'s appeal against a moderator\'s decision to hide their product (EU DSA Art. 20).' },
  { name: 'contact', description: 'Messages to the site team.' },
  { name: 'admin', description: 'The moderation console, for moderators and admins: the reports queue, decisions on products and appeals, accounts, the audit log.' },
  { name: 'sitemap', description: 'Paged lists of every public page, for the web server that writes the site\'s sitemaps.' },
  { name: 'share-images', description: 'Open Graph cards of product pictures and brand logos, for link previews.' },
  { name: 'health', description: 'Liveness and readiness, for process supervisors and load balancers.' },
];

/** The OpenAPI 3 document is generated from the route schemas; the UI is served at /docs. */
export const docsPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'Linkhunt product API',
          version: '1.0.0',
          description: 'Products, brands, categories, users, reviews, favourites and reports of the Linkhunt catalogue.',
          contact: { name: 'Linkhunt site team', url: sitePage(app.config.siteUrl, 'en', 'contact') },
        },
        servers: [{ url: app.config.publicUrl }],
        tags: API_TAGS,
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
