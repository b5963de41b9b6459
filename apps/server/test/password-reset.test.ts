import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDbKind, useTestApp } from './build-test-app.ts';
import { cookiesFrom, createUser, uniqueTestIp } from './factories.ts';
import { SAME_ORIGIN, sameOriginPost } from './helpers/auth.ts';

/** A real SMTP server on a free port that keeps every message it receives. */
async function startMailbox() {
  const messages: Array<{ to: string[]; raw: string }> = [];
  const waiting: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        waiting.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async next(count: number, timeoutMs = 10_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > deadline) throw new Error(`no mail after ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The reset link in a raw message (quoted-printable soft breaks undone). */
function resetLinkIn(raw: string): URL {
  const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = /http:\/\/localhost:3000\/reset-password\?token=[^\s"<]+/.exec(text);
  if (!match) throw new Error(`no reset link in:\n${raw}`);
  return new URL(match[0]);
}

let mailbox: Awaited<ReturnType<typeof startMailbox>>;

beforeAll(async () => {
  mailbox = await startMailbox();
});
afterAll(async () => {
  await mailbox?.close();
});
const t = useTestApp(() => ({ env: { SMTP_URL: mailbox.url } }));

const requestReset = (email: string) =>
  sameOriginPost(t, '/api/auth/request-password-reset', {
    email,
    redirectTo: `${SAME_ORIGIN}/reset-password`,
  });

const signIn = (email: string, password: string) =>
  sameOriginPost(t, '/api/auth/sign-in/email', { email, password });

describe(`password reset by email on ${testDbKind}`, () => {
  it('mails a Bangla reader in Bangla, with the link to the Bangla page', async () => {
    const user = await createUser(t, { role: 'buyer' });
    await t.app.db.updateTable('users').set({ language: 'bn' }).where('id', '=', user.id).execute();
    const before = mailbox.messages.length;
    expect((await requestReset(user.email)).statusCode).toBe(200);
    await mailbox.next(before + 1);
    const raw = mailbox.messages.at(-1)!.raw;
    const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(text).toMatch(/http:\/\/localhost:3000\/bn\/reset-password\?token=[^\s"<]+/);
    expect(text).toContain('<html lang="bn">');
    // The subject, encoded for the mail's headers: "আপনার Phone Market পাসওয়ার্ড রিসেট করুন".
    const subject = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
    const decoded = [...subject.matchAll(/=\?UTF-8\?B\?([^?]*)\?=/gi)]
      .map((m) => Buffer.from(m[1]!, 'base64').toString('utf8'))
      .join('');
    expect(decoded).toBe('আপনার Phone Market পাসওয়ার্ড রিসেট করুন');
  });

  it('mails a one-hour link; the new password works, the old one and old sessions do not', async () => {
    const user = await createUser(t, { role: 'buyer' });
    const otherDevice = cookiesFrom(
      (await signIn(user.email, user.password)).headers['set-cookie'],
    );
    expect((await t.app.inject({ url: '/api/me', headers: user.headers })).statusCode).toBe(200);

    const before = mailbox.messages.length;
    const asked = await requestReset(user.email.toUpperCase());
    expect(asked.statusCode).toBe(200);
    await mailbox.next(before + 1);
    const mail = mailbox.messages[before]!;
    expect(mail.to).toEqual([user.email]);
    const link = resetLinkIn(mail.raw);
    const token = link.searchParams.get('token')!;
    // The mail layout of every email: a text part and an HTML part, the link in both.
    const decoded = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(decoded).toMatch(/Content-Type: multipart\/alternative;/);
    expect(decoded).toContain(`Choose a new password: ${link.href}`);
    expect(decoded).toContain(`href="${link.href}"`);

    const verification = await t.app.db
      .selectFrom('verifications')
      .selectAll()
      .where('identifier', 'like', '%reset-password%')
      .execute();
    const expiresIn = verification.map((v) => new Date(v.expiresAt).getTime() - Date.now());
    expect(Math.max(...expiresIn)).toBeLessThanOrEqual(60 * 60 * 1000);
    expect(Math.max(...expiresIn)).toBeGreaterThan(55 * 60 * 1000);

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      remoteAddress: uniqueTestIp(),
      headers: { origin: SAME_ORIGIN },
      payload: { newPassword: 'brand-new-password', token },
    });
    expect(reset.statusCode).toBe(200);

    expect((await signIn(user.email, 'brand-new-password')).statusCode).toBe(200);
    expect((await signIn(user.email, user.password)).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/me', headers: user.headers })).statusCode).toBe(401);
    const other = await t.app.inject({ url: '/api/me', headers: { cookie: otherDevice } });
    expect(other.statusCode).toBe(401);

    // The link is one-time.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      remoteAddress: uniqueTestIp(),
      headers: { origin: SAME_ORIGIN },
      payload: { newPassword: 'yet-another-password', token },
    });
    expect(again.statusCode).toBe(400);
  });

  it('answers an unknown email exactly like a known one, and sends nothing', async () => {
    const user = await createUser(t, { role: 'seller' });
    const sentBefore = mailbox.messages.length;
    const known = await requestReset(user.email);
    await mailbox.next(sentBefore + 1);
    const before = mailbox.messages.length;
    const unknown = await requestReset(`nobody-${Date.now()}@example.test`);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    // A reset asked for afterwards arrives alone: nothing was sent for the unknown email.
    const later = await createUser(t, { role: 'buyer' });
    await requestReset(later.email);
    await mailbox.next(before + 1);
    expect(mailbox.messages.slice(before).map((m) => m.to)).toEqual([[later.email]]);
  });

  it('answers 429 after 3 reset requests for one email', async () => {
    const user = await createUser(t, { role: 'buyer' });
    for (let i = 0; i < 3; i += 1) expect((await requestReset(user.email)).statusCode).toBe(200);
    const limited = await requestReset(user.email);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe(`password reset without SMTP on ${testDbKind}`, () => {
  it('writes the message to DATA_DIR/outbox', async () => {
    const local = await buildTestApp();
    try {
      const user = await createUser(local, { role: 'buyer' });
      const res = await local.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        remoteAddress: uniqueTestIp(),
        payload: { email: user.email, redirectTo: `${SAME_ORIGIN}/reset-password` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<{ status: boolean }>().status).toBe(true);
      const outbox = local.config.outboxDir;
      const deadline = Date.now() + 5000;
      let files: string[] = [];
      while (Date.now() < deadline) {
        files = fs.existsSync(outbox) ? fs.readdirSync(outbox) : [];
        if (files.length > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(new RegExp(`^\\d+-${user.email.replace(/\./g, '\\.')}\\.eml$`));
      const raw = fs.readFileSync(path.join(outbox, files[0]!), 'utf8');
      expect(resetLinkIn(raw).searchParams.get('token')).toBeTruthy();
    } finally {
      await local.close();
    }
  });
});
