import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const apiRoot = fileURLToPath(new URL('../..', import.meta.url));

/** The real server (src/server.ts) in a child process, as it runs in production, with its log lines kept. */
export interface ServerProcess {
  /** http://127.0.0.1:<port> it listens on (it is started on port 0 unless PORT is given). */
  baseUrl: string;
  child: ChildProcessWithoutNullStreams;
  /** Everything it wrote to stdout and stderr so far (pino JSON lines, one per line). */
  output(): string;
  /** Resolves on the first output line containing `text`. */
  waitForOutput(text: string, timeoutMs?: number): Promise<string>;
  /** Resolves with the exit code (null when killed by a signal) once it has exited. */
  exited: Promise<number | null>;
  /** SIGKILL if it still runs; for cleanup. */
  kill(): void;
}

/** Starts `src/server.ts` with `env` on top of this environment; resolves once it listens. */
export async function startServerProcess(env: Record<string, string>, startTimeoutMs = 30_000): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', RATES_URL: 'off', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  const watchers = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    out += chunk.toString();
    for (const watcher of watchers) watcher();
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      exitCode = code;
      resolve(code);
      for (const watcher of watchers) watcher();
    }),
  );

  const waitForOutput = (text: string, timeoutMs = 15_000) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const line = out.split('\n').find((l) => l.includes(text));
        if (line !== undefined) return done(() => resolve(line));
        if (exitCode !== undefined) done(() => reject(new Error(`server exited (${exitCode}) before printing "${text}":\n${out}`)));
      };
      const timer = setTimeout(() => done(() => reject(new Error(`no "${text}" within ${timeoutMs} ms:\n${out}`))), timeoutMs);
      const done = (settle: () => void) => {
        clearTimeout(timer);
        watchers.delete(check);
        settle();
      };
      watchers.add(check);
      check();
    });

  // Fastify logs the bound address at info level; with PORT=0 that is the only place the port shows.
  const listening = await waitForOutput('Server listening at http://127.0.0.1:', startTimeoutMs).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
  const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(listening);
  if (!match?.[1]) throw new Error(`no address in: ${listening}`);
  return {
    baseUrl: match[1],
    child,
    output: () => out,
    waitForOutput,
    exited,
    kill: () => {
      if (exitCode === undefined) child.kill('SIGKILL');
    },
  };
}
