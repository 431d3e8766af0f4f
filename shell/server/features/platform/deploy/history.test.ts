import { appendFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HistoryLine } from '@linkhunt/contracts/platform';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { History, latestByRemote } from './history.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'deploy-history-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const line = (remote: 'mf-product' | 'mf-search', entry: string): Omit<HistoryLine, 'id' | 'at'> => ({
  by: 'ci',
  action: 'deploy',
  remote,
  from: null,
  to: { entry },
  checks: [],
  fingerprint: null,
});

describe('History', () => {
  it('appends lines with an id and a time, read back in order by a new instance, skipping a line torn by a crash', async () => {
    const history = new History(join(dir, 'state'));
    expect(await history.lines()).toEqual([]);
    const first = await history.append(line('mf-product', 'https://cdn.example/p/1/remoteEntry.js'));
    const second = await history.append(line('mf-search', 'https://cdn.example/s/1/remoteEntry.js'));
    expect(first.id).toMatch(/^[0-9a-f]{12}$/);
    expect(first.id).not.toBe(second.id);
    await appendFile(history.file, '{"id":"torn","at":"2026-');
    const third = await history.append(line('mf-product', 'https://cdn.example/p/2/remoteEntry.js'));
    // The torn row is skipped; the line after it starts a row of its own, so no confirmed line is lost with it.
    expect(await new History(join(dir, 'state')).lines()).toEqual([first, second, third]);
    expect(latestByRemote(await history.lines()).get('mf-product')).toEqual(third);
  });
});
