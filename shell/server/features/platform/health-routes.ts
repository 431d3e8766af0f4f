import { HEALTH_BEACON_PATH, type HealthResponse } from '@linkhunt/contracts/platform-health';
import { PLATFORM_PREFIX } from '@linkhunt/contracts/platform';
import { REMOTE_IDS, type RemotesManifest } from '@linkhunt/contracts/remotes';
import { HealthBeacon, HealthResponse as HealthResponseSchema } from '@linkhunt/contracts/schemas/platform-health';
import { PlatformError } from '@linkhunt/contracts/schemas/platform';
import type { FastifyInstance } from 'fastify';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { PlatformAccess } from '../../lib/platform/platform-access.ts';
import { platformErrorHandler, refuse } from '../../lib/platform/platform-errors.ts';
import type { RemoteHealthCounts } from '../../lib/platform/remote-health.ts';

export interface HealthRoutesOptions {
  health: RemoteHealthCounts;
  access: PlatformAccess;
  /** remotes.json as it is now (canaries included). */
  baseManifest: () => Promise<RemotesManifest | undefined>;
  /** Beacons per client address per minute (HEALTH_BEACONS_PER_MINUTE). */
  beaconsPerMinute: number;
}

/** A beacon is a few hundred bytes; anything much larger is not one. */
const BEACON_BODY_LIMIT = 2_048;

/** POST /_platform/beacons takes browsers' reports of failed remote areas; GET /_platform/health reads every version's counts. */
export async function healthRoutes(app: FastifyInstance, options: HealthRoutesOptions): Promise<void> {
  const { health, access } = options;
  platformErrorHandler(app);
  const limiter = new RateLimiterMemory({ points: options.beaconsPerMinute, duration: 60 });

  app.post<{ Body: HealthBeacon }>(
    HEALTH_BEACON_PATH,
    { bodyLimit: BEACON_BODY_LIMIT, schema: { body: HealthBeacon, response: { '4xx': PlatformError } } },
    async (request, reply) => {
      try {
        await limiter.consume(request.ip);
      } catch (limited) {
        if (!(limited instanceof RateLimiterRes)) throw limited;
        reply.header('Retry-After', String(Math.ceil(limited.msBeforeNext / 1000)));
        return refuse(reply, 429, 'too_many_beacons', 'Too many reports from this address; they are counted again in a moment.');
      }
      const { remote, entry, kind } = request.body;
      if (!health.clientError(remote, entry, kind)) return refuse(reply, 422, 'unknown_version', `${remote} at ${entry} is not a version this site serves.`);
      return reply.code(204).header('Cache-Control', 'no-store').send();
    },
  );

  app.get(`${PLATFORM_PREFIX}/health`, { schema: { response: { 200: HealthResponseSchema, '4xx': PlatformError } } }, async (request, reply) => {
    if (!(await access.authorize(request, reply, []))) return reply;
    const base = await options.baseManifest();
    const { maxErrorRate, minViews, watchMs } = health.thresholds;
    const remotes = REMOTE_IDS.flatMap((remote) => {
      const current = base?.[remote];
      if (!current) return [];
      const watch = health.watching(remote);
      return [
        {
          remote,
          entry: current.entry,
          ...(current.canary ? { canary: { entry: current.canary.entry, percent: current.canary.percent } } : {}),
          ...(watch ? { watch: { entry: watch.entry, until: new Date(watch.until).toISOString(), action: watch.action } } : {}),
          versions: health.versions(remote),
        },
      ];
    });
    return reply
      .header('Cache-Control', 'no-store')
      .send({ remotes, thresholds: { maxErrorRate, minViews, watchSeconds: Math.round(watchMs / 1000) } } satisfies HealthResponse);
  });
}
