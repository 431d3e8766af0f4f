// Preloaded into the e2e API with `node --import` (global-setup.ts), and only there: the link checker's requests
// for any store host go to the fake stores the global setup started (api/src/test/fake-platforms.ts), over TLS
// verified against that fake's certificate. The same routing as fakePlatformDispatcher, which cannot be imported
// here: the API runs from its build, where test helpers are not.
import { readFileSync } from 'node:fs';
import { Agent, buildConnector } from 'undici';

const port = process.env.E2E_FAKE_STORES_PORT;
const caFile = process.env.E2E_FAKE_STORES_CA;
if (!port || !caFile) throw new Error('fake-stores-route.mjs needs E2E_FAKE_STORES_PORT and E2E_FAKE_STORES_CA');
const connector = buildConnector({ ca: readFileSync(caFile, 'utf8') });
const toFakeStores = new Agent({
  connect: (options, callback) => connector({ ...options, hostname: '127.0.0.1', port, servername: options.servername ?? options.hostname }, callback),
});
// The checker's own dispatcher connects only to public addresses, and the fake stores are on loopback. This is the
// module the built API imports (one URL, one instance), so the route holds for the server that starts next.
const { routeLinkChecks } = await import(new URL('../../../api/dist/features/link-health/check-link.js', import.meta.url).href);
routeLinkChecks(toFakeStores);
