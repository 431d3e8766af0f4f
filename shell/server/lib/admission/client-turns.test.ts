import { describe, expect, it } from 'vitest';
import { ClientTurns } from './client-turns.ts';

describe('ClientTurns', () => {
  it("makes a client's requests past its turns wait in its own line, not another client's", async () => {
    const turns = new ClientTurns(2);
    const first = await turns.take('a');
    await turns.take('a');
    let third: (() => void) | undefined;
    const waiting = turns.take('a').then((end) => (third = end));
    // Another client is served at once, while a's third request waits.
    const other = await turns.take('b');
    await Promise.resolve();
    expect(third).toBeUndefined();
    first();
    first(); // ending twice frees one turn only
    await waiting;
    expect(third).toBeTypeOf('function');
    other();
  });
});
