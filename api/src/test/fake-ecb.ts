import { createServer, type Server } from 'node:http';

/** The ECB's eurofxref-daily.xml as it is served (cut to a few currencies), with `cubes` in place of the day's. */
export function ecbDocument(cubes: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
\t<gesmes:subject>Reference rates</gesmes:subject>
\t<gesmes:Sender>
\t\t<gesmes:name>European Central Bank</gesmes:name>
\t</gesmes:Sender>
\t<Cube>
${cubes}
\t</Cube>
</gesmes:Envelope>`;
}

/** One day's `<Cube time=…>` with a `<Cube currency=… rate=…/>` per entry. */
export function dailyCube(date: string, rates: Record<string, string | number>): string {
  const lines = Object.entries(rates).map(([currency, rate]) => `\t\t\t<Cube currency='${currency}' rate='${rate}'/>`);
  return `\t\t<Cube time='${date}'>\n${lines.join('\n')}\n\t\t</Cube>`;
}

/** A whole daily document of one day's rates. */
export const dailyDocument = (date: string, rates: Record<string, string | number>) => ecbDocument(dailyCube(date, rates));

export type FakeEcbAnswer = { status: number; body: string } | 'hang';

/** A stand-in for the ECB on 127.0.0.1: answers every GET with what `answer` holds at that moment. */
export interface FakeEcb {
  url: string;
  answer: FakeEcbAnswer;
  /** GETs it was sent. */
  requests: number;
  close(): Promise<void>;
}

export async function startFakeEcb(answer: FakeEcbAnswer): Promise<FakeEcb> {
  const hanging = new Set<() => void>();
  const fake = { answer, requests: 0 } as FakeEcb;
  const server: Server = createServer((req, res) => {
    fake.requests += 1;
    const current = fake.answer;
    if (current === 'hang') {
      // Never answers; ended when the server closes.
      hanging.add(() => res.destroy());
      return;
    }
    res.writeHead(current.status, { 'content-type': 'text/xml' }).end(current.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the fake ECB did not start');
  fake.url = `http://127.0.0.1:${address.port}/stats/eurofxref/eurofxref-daily.xml`;
  fake.close = async () => {
    for (const end of hanging) end();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}
