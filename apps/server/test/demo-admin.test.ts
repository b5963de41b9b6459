import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '@market/shared';
import { loadConfig } from '../src/config.ts';
import { DEMO_ACCOUNTS, DEMO_REVIEWS } from '../src/modules/demo/demo-data.ts';
import { DEMO_IMAGES_DIR } from '../src/plugins/web/static-assets.ts';
import { buildTestApp, testDbKind } from './build-test-app.ts';
import { uniqueTestIp } from './factories.ts';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'market-demo-admin-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const OPERATOR = { ADMIN_EMAIL: 'owner@shop.example', ADMIN_PASSWORD: 'owner-password-1' };

describe('which runs seed the demo admin', () => {
  it('seeds it only in a demo run without an operator admin, on http', () => {
    const demo = loadConfig({ DATA_DIR: tmp });
    expect(demo.seedDemoAdmin).toBe(true);
    expect(loadConfig({ DATA_DIR: tmp, SEED_DEMO: 'false' }).seedDemoAdmin).toBe(false);
    expect(loadConfig({ DATA_DIR: tmp, ...OPERATOR }).seedDemoAdmin).toBe(false);
    const https = loadConfig({ DATA_DIR: tmp, PUBLIC_URL: 'https://market.example' });
    expect(https.seedDemoAdmin).toBe(false);
    // The rest of the demo data is still seeded in both.
    expect(loadConfig({ DATA_DIR: tmp, ...OPERATOR }).seedDemo).toBe(true);
    expect(https.seedDemo).toBe(true);
  });
});

describe(`the demo admin on ${testDbKind}`, () => {
  it.each([
    ['the operator configured their own admin', OPERATOR],
    ['the product is served over https', { PUBLIC_URL: 'https://market.example' }],
  ])('is neither seeded nor shown when %s', async (_case, env: Record<string, string>) => {
    const t = await buildTestApp({ seedDemo: true, env });
    try {
      const config = await t.app.inject({ url: '/api/app-config' });
      expect(config.json<AppConfig>().demoAdmin).toBeNull();
      const users = await t.app.db.selectFrom('users').select(['email', 'role']).execute();
      const emails = users.map((u) => u.email);
      expect(emails).not.toContain(DEMO_ACCOUNTS.admin.email);
      // The rest of the demo marketplace is there.
      expect(emails).toContain(DEMO_ACCOUNTS.seller.email);
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: uniqueTestIp(),
        headers: { origin: t.config.publicUrl },
        payload: { email: DEMO_ACCOUNTS.admin.email, password: DEMO_ACCOUNTS.admin.password },
      });
      expect(signIn.statusCode).toBe(401);
      const admins = users.filter((u) => u.role === 'admin').map((u) => u.email);
      expect(admins).toEqual(env.ADMIN_EMAIL ? [env.ADMIN_EMAIL] : []);
    } finally {
      await t.close();
    }
  });

  it('is seeded and shown in a plain demo run', async () => {
    const t = await buildTestApp({ seedDemo: true });
    try {
      const config = await t.app.inject({ url: '/api/app-config' });
      expect(config.json<AppConfig>().demoAdmin).toEqual({
        email: DEMO_ACCOUNTS.admin.email,
        password: DEMO_ACCOUNTS.admin.password,
      });
      const admin = await t.app.db
        .selectFrom('users')
        .select('role')
        .where('email', '=', DEMO_ACCOUNTS.admin.email)
        .executeTakeFirst();
      expect(admin?.role).toBe('admin');
    } finally {
      await t.close();
    }
  });
});

describe(`the demo accounts' pictures on ${testDbKind}`, () => {
  it("are their own, not a testimonial's: the seller's and the buyer's carry their initials", async () => {
    const t = await buildTestApp({ seedDemo: true });
    try {
      const users = await t.app.db
        .selectFrom('users')
        .select(['email', 'image'])
        .where('email', 'in', [DEMO_ACCOUNTS.seller.email, DEMO_ACCOUNTS.buyer.email])
        .execute();
      const imageOf = (email: string) => users.find((u) => u.email === email)?.image;
      expect(imageOf(DEMO_ACCOUNTS.seller.email)).toBe('/demo/seller-rahim.webp');
      expect(imageOf(DEMO_ACCOUNTS.buyer.email)).toBe('/demo/buyer-sam.webp');
      const testimonials = DEMO_REVIEWS.map((r) => r.img);
      for (const { image } of users) {
        expect(testimonials).not.toContain(image);
        expect(fs.existsSync(path.join(DEMO_IMAGES_DIR, path.basename(image!)))).toBe(true);
      }
    } finally {
      await t.close();
    }
  });
});
