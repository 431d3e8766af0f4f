import { describe, expect, it } from 'vitest';
import { parseEcbDaily } from './ecb-document.js';
import { dailyCube, ecbDocument } from '../../test/fake-ecb.js';

const DAY = { USD: '1.0850', JPY: '163.03', CNY: '7.8420', GBP: '0.84880', CHF: '0.9359' };

describe('the ECB daily rates document', () => {
  it('gives the day and the rates of our currencies, the euro at 1', () => {
    expect(parseEcbDaily(ecbDocument(dailyCube('2026-09-19', DAY)))).toEqual({
      ok: true, date: '2026-09-19', rates: { EUR: 1, USD: 1.085, CNY: 7.842, GBP: 0.8488 },
    });
  });

  it('reads double quotes, spaces around =, attributes in either order, and all on one line', () => {
    const oneLine = `<gesmes:Envelope><Cube><Cube time = "2026-09-19"><Cube rate="1.1" currency="USD"/><Cube currency="CNY" rate="7.5"/><Cube currency="GBP" rate="0.85" /></Cube></Cube></gesmes:Envelope>`;
    expect(parseEcbDaily(oneLine)).toEqual({ ok: true, date: '2026-09-19', rates: { EUR: 1, USD: 1.1, CNY: 7.5, GBP: 0.85 } });
  });

  it.each([
    ['a currency of ours missing', ecbDocument(dailyCube('2026-09-19', { USD: '1.08', CNY: '7.8' })), 'no rate for GBP'],
    ['a zero rate', ecbDocument(dailyCube('2026-09-19', { ...DAY, GBP: '0' })), 'bad rate for GBP'],
    ['a negative rate', ecbDocument(dailyCube('2026-09-19', { ...DAY, USD: '-1.08' })), 'bad rate for USD'],
    ['a rate that is not a number', ecbDocument(dailyCube('2026-09-19', { ...DAY, CNY: 'N/A' })), 'bad rate for CNY'],
    ['an exponent', ecbDocument(dailyCube('2026-09-19', { ...DAY, CNY: '7e0' })), 'bad rate for CNY'],
    ['no day', ecbDocument(`<Cube currency='USD' rate='1.08'/><Cube currency='CNY' rate='7.8'/><Cube currency='GBP' rate='0.85'/>`), 'no day'],
    ['two days (a history file)', ecbDocument(dailyCube('2026-09-19', DAY) + dailyCube('2026-09-18', DAY)), 'USD given twice'],
    ['a day that does not exist', ecbDocument(dailyCube('2026-02-30', DAY)), 'bad day "2026-02-30"'],
    ['an HTML error page', '<html><body>Service unavailable</body></html>', 'not an ECB rates document'],
    ['nothing', '', 'not an ECB rates document'],
    ['rates only inside a comment', ecbDocument(`<!-- ${dailyCube('2026-09-19', DAY)} -->`), 'no day'],
  ])('refuses %s', (_, document, reason) => {
    expect(parseEcbDaily(document)).toEqual({ ok: false, reason });
  });

  it('refuses two days even when their currencies differ', () => {
    const twoDays = ecbDocument(dailyCube('2026-09-19', DAY) + dailyCube('2026-09-18', { SEK: '11.2' }));
    expect(parseEcbDaily(twoDays)).toEqual({ ok: false, reason: 'more than one day' });
  });
});
