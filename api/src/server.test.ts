import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { freePort } from './test/free-port.js';

const apiRoot = fileURLToPath(new URL('..', import.meta.url));

it('starts on an empty SQLite file, answers, and exits cleanly on SIGTERM', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'linkhunt-server-'));
  // A port the kernel says is free: a random one could be another test's listener (EADDRINUSE seen in CI).
  const port = await freePort();
  const server = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: { ...process.env, PORT: String(port), DATABASE_URL: `sqlite:${join(dir, 'db.sqlite')}`, IMAGE_DIR: join(dir, 'images'), SEED_DEMO: 'false', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const listening = await new Promise<string>((resolve, reject) => {
      let out = '';
      server.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('listening on')) resolve(out);
      });
      server.once('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
    });
    expect(listening).toContain(`http://localhost:${port}`);
    const ready = await fetch(`http://127.0.0.1:${port}/ready`);
    expect(await ready.json()).toEqual({ status: 'ready' });

    const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
  } finally {
    server.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});
