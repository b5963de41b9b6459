import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createMailer } from '../src/lib/mailer.ts';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'market-outbox-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('the outbox without SMTP', () => {
  it('shows a message only once it is written whole', async () => {
    const outboxDir = path.join(tmp, 'outbox');
    const mailer = createMailer(
      { smtpUrl: undefined, mailFrom: 'market@example.test', outboxDir },
      // Only `info` is called, when a message is written.
      { info: () => {} } as unknown as FastifyBaseLogger,
    );
    // Large enough that writing it takes many turns of the event loop.
    const text = 'A long message. '.repeat(400_000);
    const seen: number[] = [];
    let sending = true;
    const watching = (async () => {
      while (sending) {
        for (const name of fs.existsSync(outboxDir) ? fs.readdirSync(outboxDir) : []) {
          seen.push(fs.statSync(path.join(outboxDir, name)).size);
        }
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    await mailer.send({ to: 'reader@example.test', subject: 'Long', text });
    sending = false;
    await watching;
    mailer.close();

    const files = fs.readdirSync(outboxDir);
    expect(files).toHaveLength(1);
    const whole = fs.statSync(path.join(outboxDir, files[0]!)).size;
    expect(whole).toBeGreaterThan(text.length);
    // Every look at the outbox while it was sent found nothing or the whole message.
    expect(seen.filter((size) => size !== whole)).toEqual([]);
    expect(fs.readdirSync(`${outboxDir}.writing`)).toEqual([]);
  });
});
