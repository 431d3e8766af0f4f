import type { RemotesManifest } from '@linkhunt/contracts/remotes';
import { describe, expect, it, vi } from 'vitest';
import { RemoteHealthCounts } from './remote-health.ts';

const manifestWith = (entry: string) => ({ 'mf-product': { entry } }) as unknown as RemotesManifest;
const V1 = 'http://cdn/mf-product/v1/remoteEntry.js';
const V2 = 'http://cdn/mf-product/v2/remoteEntry.js';

describe('RemoteHealthCounts', () => {
  const counts = () => new RemoteHealthCounts({ maxErrorRate: 0.05, minViews: 20, watchMs: 60_000 }, () => undefined);

  it('counts views, client errors and server failures per version, and refuses beacons for a version never served', () => {
    const health = counts();
    expect(health.clientError('mf-product', V1, 'load')).toBe(false);
    for (let n = 0; n < 10; n++) health.view(manifestWith(V1), 'mf-product');
    health.serverFailure(manifestWith(V1), 'mf-product');
    expect(health.clientError('mf-product', V1, 'render')).toBe(true);
    expect(health.clientError('mf-catalogue', V1, 'render')).toBe(false);
    // A remotes.json without the remote (a hand edit): nothing to count, and no failure.
    health.view({} as RemotesManifest, 'mf-product');
    health.serverFailure({} as RemotesManifest, 'mf-product');
    expect(health.versions('mf-product')).toEqual([
      { entry: V1, since: expect.any(String), views: 10, clientErrors: { load: 0, render: 1 }, serverFailures: 1, errorRate: 0.2 },
    ]);
  });

  it('acts once on a watched version whose error rate passes the threshold over the minimum sample, never before it', async () => {
    const health = counts();
    const act = vi.fn(async () => undefined);
    health.watch({ remote: 'mf-product', entry: V2, until: Date.now() + 60_000, action: 'rollback', act });
    // Every page failing, but under the minimum sample: no decision yet.
    for (let n = 0; n < 19; n++) {
      health.view(manifestWith(V2), 'mf-product');
      health.serverFailure(manifestWith(V2), 'mf-product');
    }
    expect(act).not.toHaveBeenCalled();
    health.view(manifestWith(V2), 'mf-product');
    expect(act).toHaveBeenCalledTimes(1);
    expect(act.mock.calls[0]).toEqual([expect.objectContaining({ entry: V2, views: 20, serverFailures: 19 })]);
    health.serverFailure(manifestWith(V2), 'mf-product');
    expect(act).toHaveBeenCalledTimes(1);
    expect(health.watching('mf-product')).toBeUndefined();
  });

  it('lets a watched version within the threshold, another version, and a version after its window be', () => {
    const health = counts();
    const act = vi.fn(async () => undefined);
    health.watch({ remote: 'mf-product', entry: V2, until: Date.now() + 60_000, action: 'rollback', act });
    for (let n = 0; n < 100; n++) health.view(manifestWith(V2), 'mf-product');
    for (let n = 0; n < 5; n++) health.clientError('mf-product', V2, 'load');
    for (let n = 0; n < 50; n++) health.serverFailure(manifestWith(V1), 'mf-product');
    expect(act).not.toHaveBeenCalled();
    health.watch({ remote: 'mf-product', entry: V1, until: Date.now() - 1, action: 'abort-canary', act });
    for (let n = 0; n < 30; n++) health.serverFailure(manifestWith(V1), 'mf-product');
    expect(act).not.toHaveBeenCalled();
  });
});
