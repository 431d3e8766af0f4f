/** The health of each remote version, as the shell server counts it (schemas/platform-health.ts). */

/** Where a browser beacons a remote area's failure (same origin: the policy's connect-src 'self'). */
export const HEALTH_BEACON_PATH = '/_platform/beacons';

export type { HealthBeacon, HealthResponse, RemoteHealth, VersionHealth } from './schemas/platform-health.js';
