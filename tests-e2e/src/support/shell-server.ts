import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from '../../../scripts/site.mjs';
import { readStack } from '../harness/stack.ts';

/** A second shell server on the e2e shell's files, with an API address of the test's choosing, and how to stop it. */
export interface ExtraShellServer {
  url: string;
  close: () => Promise<void>;
}

/**
 * Starts `node shell/dist-server/main.js` as production runs it, serving the e2e shell's folder, reading the API
 * at `apiUrl`: the server's side of an API that is down, without taking down the API every other test uses.
 */
export async function startShellServer(port: number, apiUrl: string): Promise<ExtraShellServer> {
  const child = spawn(process.execPath, [join(ROOT, 'shell/dist-server/main.js')], {
    // Its platform state (preview key, deploy history) in the run's folder, never the checkout's shell/platform-state.
    env: { ...process.env, PORT: String(port), SHELL_DIST: readStack().shellDir, SSR_API_URL: apiUrl, LOG_LEVEL: 'silent', PLATFORM_STATE_DIR: join(readStack().tempDir, `platform-state-${port}`) },
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const answer = await fetch(`${url}/config.json`).catch(() => undefined);
    if (answer?.ok) break;
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error(`the extra shell server did not start on ${url}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    close: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
