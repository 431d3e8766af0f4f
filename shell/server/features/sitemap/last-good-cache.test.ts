// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { LastGoodCache } from './last-good-cache.ts';

/** A build the test finishes when it wants, so that requests can be made to overlap it. */
function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function setup(options: { ttlMs?: number; retryMs?: number } = {}) {
  let now = 1_000_000;
  const builds: ReturnType<typeof deferred<string>>[] = [];
  const errors: unknown[] = [];
  const signals: AbortSignal[] = [];
  const cache = new LastGoodCache<string>({
    build: (signal) => {
      signals.push(signal);
      const build = deferred<string>();
      builds.push(build);
      return build.promise;
    },
    ttlMs: options.ttlMs ?? 10_000,
    retryMs: options.retryMs ?? 3_000,
    onError: (error) => errors.push(error),
    now: () => now,
  });
  const advance = (ms: number) => {
    now += ms;
  };
  /** The latest build, once the cache has started it. */
  const build = (n: number) => {
    const started = builds[n];
    if (!started) throw new Error(`build ${n} has not started (${builds.length} did)`);
    return started;
  };
  return { cache, builds, errors, signals, advance, build };
}

describe('LastGoodCache', () => {
  it('builds once for the requests that arrive together, then serves the value until it expires', async () => {
    const { cache, builds, advance, build } = setup();
    const waiting = [cache.get(), cache.get(), cache.get()];
    expect(builds).toHaveLength(1);
    build(0).resolve('v1');
    expect(await Promise.all(waiting)).toEqual(Array(3).fill({ state: 'fresh', value: 'v1' }));

    advance(9_999);
    expect(await cache.get()).toEqual({ state: 'fresh', value: 'v1' });
    expect(builds).toHaveLength(1);

    advance(1);
    const next = cache.get();
    expect(builds).toHaveLength(2);
    build(1).resolve('v2');
    expect(await next).toEqual({ state: 'fresh', value: 'v2' });
  });

  it('keeps the last good value when a rebuild fails, and does not try again before retryMs', async () => {
    const { cache, builds, errors, advance, build } = setup();
    const first = cache.get();
    build(0).resolve('v1');
    await first;

    advance(10_000);
    const failing = [cache.get(), cache.get()];
    build(1).reject(new Error('ECONNREFUSED'));
    expect(await Promise.all(failing)).toEqual(Array(2).fill({ state: 'stale', value: 'v1' }));
    expect(errors).toHaveLength(1);

    advance(2_999);
    expect(await cache.get()).toEqual({ state: 'stale', value: 'v1' });
    expect(builds).toHaveLength(2);

    advance(1);
    const retried = cache.get();
    expect(builds).toHaveLength(3);
    build(2).resolve('v2');
    expect(await retried).toEqual({ state: 'fresh', value: 'v2' });
  });

  it('has nothing to give before the first good build, and says when to come back', async () => {
    const { cache, builds, advance, build } = setup({ retryMs: 3_000 });
    const first = cache.get();
    build(0).reject(new Error('down'));
    expect(await first).toEqual({ state: 'unavailable', retryAfterSeconds: 3 });

    advance(1_200);
    expect(await cache.get()).toEqual({ state: 'unavailable', retryAfterSeconds: 2 });
    expect(builds).toHaveLength(1);

    advance(1_800);
    const second = cache.get();
    build(1).resolve('v1');
    expect(await second).toEqual({ state: 'fresh', value: 'v1' });
  });

  it('with a lifetime of 0, builds for every request but still shares a build among simultaneous ones', async () => {
    const { cache, builds, build } = setup({ ttlMs: 0 });
    const together = [cache.get(), cache.get()];
    build(0).resolve('v1');
    expect(await Promise.all(together)).toEqual(Array(2).fill({ state: 'fresh', value: 'v1' }));
    const later = cache.get();
    expect(builds).toHaveLength(2);
    build(1).resolve('v2');
    expect(await later).toEqual({ state: 'fresh', value: 'v2' });
  });

  it('aborts a build in progress on close, without reporting it as an error', async () => {
    const { cache, errors, signals, build } = setup();
    const pending = cache.get();
    cache.close();
    expect(signals[0]?.aborted).toBe(true);
    build(0).reject(signals[0]?.reason);
    expect(await pending).toMatchObject({ state: 'unavailable' });
    expect(errors).toEqual([]);
  });

  it('builds again once expired, keeping the value if that build fails, and ignores an expiry of a value since replaced', async () => {
    const { cache, builds, build } = setup();
    const first = cache.get();
    build(0).resolve('one');
    expect(await first).toEqual({ state: 'fresh', value: 'one' });

    cache.expire('one');
    const second = cache.get();
    build(1).reject(new Error('API down'));
    expect(await second).toEqual({ state: 'stale', value: 'one' });
    expect(builds).toHaveLength(2);

    const { cache: other, builds: otherBuilds, build: otherBuild, advance } = setup();
    const a = other.get();
    otherBuild(0).resolve('a');
    await a;
    other.expire('not the value');
    advance(1);
    expect(await other.get()).toEqual({ state: 'fresh', value: 'a' });
    expect(otherBuilds).toHaveLength(1);
  });
});
