import { readFileSync } from 'node:fs';
import type { RemoteId } from '@linkhunt/contracts/remotes';

/**
 * Global setup runs in Playwright's runner process and tests in worker processes: the env var carries the
 * path of the file describing the running stack from one to the other (workers inherit the runner's env).
 */
export const STACK_ENV = 'LINKHUNT_E2E_STACK';

/** Moves every port, so two copies of the suite (two checkouts, two people) can run side by side. */
const PORT_OFFSET = Number.parseInt(process.env.LINKHUNT_E2E_PORT_OFFSET ?? '0', 10) || 0;

/** A port of the suite's own range (51xx) moved by the offset; tests that start extra servers take theirs from here. */
export const e2ePort = (port: number): number => port + PORT_OFFSET;

/** Not the `npm start` ports (4000, 5000-5005), so the suite runs next to a started site. */
export const E2E_PORTS = {
  api: e2ePort(4100),
  shell: e2ePort(5100),
  remotes: {
    'mf-catalogue': e2ePort(5101),
    'mf-product': e2ePort(5102),
    'mf-search': e2ePort(5103),
    'mf-account': e2ePort(5104),
    'mf-admin': e2ePort(5105),
  },
} satisfies { api: number; shell: number; remotes: Record<RemoteId, number> };

/**
 * The range suites serve stand-in remotes in (a copy of a remote, a remote that is down, hangs or answers 404),
 * a port per test, so tests running at once never share one: the shell server's REMOTE_ALLOWLIST names them
 * all, so a preview may point a remote at any of them.
 */
export const STAND_IN_REMOTE_PORTS = Array.from({ length: 20 }, (_, index) => e2ePort(5110 + index));

/** Known before global setup runs, so the config can use it as baseURL. */
export const E2E_SHELL_URL = `http://localhost:${E2E_PORTS.shell}`;
export const E2E_API_URL = `http://localhost:${E2E_PORTS.api}`;

export interface StackRemote {
  /** Origin the remote is served from, e.g. http://localhost:5102. */
  url: string;
  port: number;
  /** The built folder being served (`<package>/dist`): read it to find hashed asset names. */
  dir: string;
}

export interface Stack {
  shellUrl: string;
  apiUrl: string;
  /** The prepared copy of shell/dist being served (its config.json and remotes.json name the e2e ports). */
  shellDir: string;
  /** The served remotes.json; rewrite it through remotes-file.ts. */
  remotesFile: string;
  /** The served config.json. */
  configFile: string;
  remotes: Record<RemoteId, StackRemote>;
  /** Fresh per run, removed by global teardown. */
  tempDir: string;
  databaseUrl: string;
  imageDir: string;
  /** The shell server's process, whose memory the redeploy soak measures. */
  shellPid: number;
  /** Everything the API printed during the run. */
  apiLog: string;
  /** Where the run's SMTP server writes each mail it receives (support/mailbox.ts reads them). */
  mailDir: string;
  /** The secret of the run's platform credential (every remote), which asks the shell server for previews. */
  platformSecret: string;
  /** The shell server's PREVIEW_SECRET, so a test can sign a token the server never issued (an expired one). */
  previewSecret: string;
}

let cached: Stack | undefined;

/** What global setup started. */
export function readStack(): Stack {
  if (cached) return cached;
  const file = process.env[STACK_ENV];
  if (!file) throw new Error(`${STACK_ENV} is not set: run the suite with \`playwright test\`, whose global setup starts the stack`);
  cached = JSON.parse(readFileSync(file, 'utf8')) as Stack;
  return cached;
}
