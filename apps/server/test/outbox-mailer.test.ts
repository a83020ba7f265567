import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createMailer } from '../src/lib/mailer';

const dir = mkdtempSync(path.join(tmpdir(), 'easyfund-outbox-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('writes a mail to the outbox folder when no SMTP server is configured', async () => {
  const logged: object[] = [];
  const mailer = createMailer({
    from: 'Easy Fund <no-reply@easyfund.local>',
    outboxDir: path.join(dir, 'outbox'),
    log: { info: (obj: object) => logged.push(obj) } as never,
  });
  await mailer.send({
    to: 'donor@example.com',
    subject: 'Thank you',
    text: 'Your donation: 500 Tk',
  });
  const files = readdirSync(path.join(dir, 'outbox'));
  expect(files).toHaveLength(1);
  const body = readFileSync(path.join(dir, 'outbox', files[0]!), 'utf8');
  expect(body).toContain('To: donor@example.com');
  expect(body).toContain('Subject: Thank you');
  expect(body).toContain('Your donation: 500 Tk');
  expect(logged).toHaveLength(1);
});
