import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../apps/server/src/modules/demo/demo-data.ts';
import { headerOf, startMailbox, type Mailbox } from '../apps/server/test/helpers/mailbox.ts';
import { productForm } from '../apps/server/test/helpers/market.ts';
import { signIn } from '../bench/lib.ts';
import { startServer, type RunningServer } from '../e2e/harness.ts';

let mailbox: Mailbox | undefined;
let server: RunningServer | undefined;
afterAll(async () => {
  await server?.stop();
  await mailbox?.close();
});

/** The outbox worker looks every 5 seconds: two looks and a margin. */
const TWO_POLLS_MS = 12_000;

async function post(url: string, cookie: string, body: unknown) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', origin: new URL(url).origin },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { _id: string };
}

describe('a crash between a notification and its email', () => {
  it('delivers the email once after the restart, and never again', async () => {
    mailbox = await startMailbox();
    // The first process commits the booking and its email, but sends nothing.
    const env = { SMTP_URL: mailbox.url, OUTBOX_WORKER: 'false' };
    server = await startServer(env);
    const dataDir = server.dataDir;
    const { seller, buyer } = DEMO_ACCOUNTS;
    const sellerCookie = await signIn(server.url, seller.email, seller.password);
    const product = await post(
      `${server.url}/api/add-product?email=${encodeURIComponent(seller.email)}`,
      sellerCookie,
      productForm({ name: 'Crash Test Phone' }),
    );
    const buyerCookie = await signIn(server.url, buyer.email, buyer.password);
    await post(`${server.url}/api/booking`, buyerCookie, {
      productId: product._id,
      phone: '+8801712345678',
      location: 'Dhanmondi 27',
    });

    await server.crash();
    expect(mailbox.messages).toEqual([]);

    const aboutTheBooking = () =>
      mailbox!.messages.filter(
        (m) =>
          m.to.includes(seller.email) &&
          headerOf(m.raw, 'Subject')?.endsWith('New request to book Crash Test Phone'),
      );
    server = await startServer({ SMTP_URL: mailbox.url, DATA_DIR: dataDir });
    const deadline = Date.now() + 30_000;
    while (aboutTheBooking().length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(aboutTheBooking()).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, TWO_POLLS_MS));
    expect(aboutTheBooking()).toHaveLength(1);

    // A stop and a start later, still once.
    await server.stop({ keepData: true });
    server = await startServer({ SMTP_URL: mailbox.url, DATA_DIR: dataDir });
    await new Promise((resolve) => setTimeout(resolve, TWO_POLLS_MS));
    expect(aboutTheBooking()).toHaveLength(1);
    const ids = mailbox.messages.map((m) => headerOf(m.raw, 'Message-ID'));
    expect(new Set(ids).size).toBe(ids.length);
  });
});
