import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { startTestMailbox, type TestMailbox } from '../test/test-mailbox.js';

describe('mailer', () => {
  let mailbox: TestMailbox;
  let smtp: TestApp;
  let outbox: TestApp;

  beforeAll(async () => {
    mailbox = await startTestMailbox();
    smtp = await createTestApp({ mailUrl: mailbox.url });
    outbox = await createTestApp();
  });
  afterAll(async () => {
    await smtp.close();
    await outbox.close();
    await mailbox.close();
  });

  it('sends through the SMTP server MAIL_URL names', async () => {
    expect(await smtp.app.mailer.send({ to: 'ana@example.com', subject: 'Hola', text: 'Visit https://linkhunt.test/es/index now' })).toBe(true);
    const mail = await mailbox.waitFor('ana@example.com', /Hola/);
    expect(mail.links).toEqual(['https://linkhunt.test/es/index']);
  });

  it('writes each mail as an .eml file to the outbox when no MAIL_URL is set', async () => {
    expect(await outbox.app.mailer.send({ to: 'bea@example.com', subject: 'Outbox', text: 'Kept as a file' })).toBe(true);
    const files = readdirSync(outbox.config.mailOutbox).filter((file) => file.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const eml = readFileSync(`${outbox.config.mailOutbox}/${files[0]}`, 'utf8');
    expect(eml).toContain('To: bea@example.com');
    expect(eml).toContain('Kept as a file');
  });

  it('reports a mail server that is down instead of throwing', async () => {
    const down = await createTestApp({ mailUrl: 'smtp://127.0.0.1:9' });
    try {
      expect(await down.app.mailer.send({ to: 'cid@example.com', subject: 'Lost', text: '…' })).toBe(false);
    } finally {
      await down.close();
    }
  });
});
