import type { HistoryLine, RemotesResponse } from '@linkhunt/contracts/platform';
import type { HealthResponse, RemoteHealth, VersionHealth } from '@linkhunt/contracts/platform-health';
import type { RemoteId } from '@linkhunt/contracts/remotes';

/** Test support only: the shell server's platform answers, as contracts/src/schemas/platform*.ts shape them. */

export const V1 = 'https://remotes.test/mf-product/v1/remoteEntry.js';
export const V2 = 'https://remotes.test/mf-product/v2/remoteEntry.js';
export const V3 = 'https://remotes.test/mf-product/v3/remoteEntry.js';

export function aHistoryLine(overrides: Partial<HistoryLine> = {}): HistoryLine {
  return {
    id: '0000000000002-deploy',
    at: '2026-12-01T10:00:00Z',
    by: 'admin:root',
    action: 'deploy',
    remote: 'mf-product',
    from: { entry: V1 },
    to: { entry: V2 },
    checks: [],
    fingerprint: 'abc',
    ...overrides,
  };
}

export function aVersion(overrides: Partial<VersionHealth> = {}): VersionHealth {
  return { entry: V2, since: '2026-12-01T10:00:00Z', views: 120, clientErrors: { load: 1, render: 2 }, serverFailures: 0, errorRate: 0.025, ...overrides };
}

export const thresholds: HealthResponse['thresholds'] = { maxErrorRate: 0.05, minViews: 20, watchSeconds: 300 };

/** GET /_platform/remotes: mf-product at V2 (deployed over V1), mf-search with no line yet. */
export function remotesAnswer(product: Partial<RemotesResponse['remotes'][number]> = {}): RemotesResponse {
  return {
    remotes: [
      { remote: 'mf-product', entry: V2, last: aHistoryLine(), ...product },
      { remote: 'mf-search', entry: 'https://remotes.test/mf-search/remoteEntry.js', last: null },
    ],
  };
}

/** GET /_platform/health: mf-product's versions as given, mf-search's one version. */
export function healthAnswer(product: Partial<RemoteHealth> = {}): HealthResponse {
  const search: RemoteId = 'mf-search';
  return {
    remotes: [
      { remote: 'mf-product', entry: V2, versions: [aVersion(), aVersion({ entry: V1, views: 900, errorRate: 0.001, clientErrors: { load: 1, render: 0 } })], ...product },
      { remote: search, entry: 'https://remotes.test/mf-search/remoteEntry.js', versions: [] },
    ],
    thresholds,
  };
}
