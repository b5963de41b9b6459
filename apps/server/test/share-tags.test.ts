import { beforeAll, describe, expect, it } from 'vitest';
import type { ListingPage, Product, SellerProfile } from '@market/shared';
import { useTestApp, type TestApp } from './build-test-app.ts';
import { createUser, type TestUser } from './factories.ts';
import { insertCategories, postProduct } from './helpers/market.ts';
import { freshWebBuild } from './helpers/web-build.ts';

// The pages are drawn by the real web build, as in production.
let distDir = '';
beforeAll(() => {
  distDir = freshWebBuild();
}, 600_000);

/** The head of a page drawn on the server, opened at `host`. */
async function headAt(t: TestApp, url: string, host: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url, headers: { host } });
  expect(res.statusCode, `${host}${url}`).toBe(200);
  return res.body.slice(0, res.body.indexOf('</head>'));
}

async function setUp(t: TestApp): Promise<{ seller: TestUser; product: Product }> {
  await insertCategories(t);
  const seller = await createUser(t, { role: 'seller', verified: true, name: 'Rahim Phones' });
  const product = await postProduct(t, seller, {
    name: 'iPhone 13 Share 128GB',
    resellPrice: 450.5,
  });
  return { seller, product };
}

describe('share tags without PUBLIC_URL', () => {
  const t = useTestApp(() => ({
    env: { WEB_DIST_DIR: distDir, PUBLIC_URL: '' },
    serveWeb: true,
  }));
  let seller: TestUser;
  let product: Product;
  beforeAll(async () => {
    ({ seller, product } = await setUp(t));
  });

  it('name the address the listing page was opened at, each address its own', async () => {
    expect(t.config.publicUrlConfigured).toBe(false);
    for (const origin of ['http://market.example:8080', 'http://192.168.1.20:3000']) {
      const host = new URL(origin).host;
      // Twice: drawn, then kept in the page cache for that address.
      for (const round of ['drawn', 'kept']) {
        const head = await headAt(t, `/product/${product._id}`, host);
        const what = `${origin} (${round})`;
        expect(head, what).toContain(
          `<meta property="og:url" content="${origin}/product/${product._id}"/>`,
        );
        expect(head, what).toContain(
          `<meta property="og:image" content="${origin}/demo/iphone-1.webp"/>`,
        );
        expect(head, what).toContain(
          `<link rel="canonical" href="${origin}/product/${product._id}"/>`,
        );
        expect(head, what).not.toContain('localhost');
      }
    }
    const api = await t.app.inject({
      method: 'GET',
      url: `/api/product/${product._id}`,
      headers: { host: 'market.example:8080' },
    });
    expect(api.json<ListingPage>()).toMatchObject({
      pageUrl: `http://market.example:8080/product/${product._id}`,
      coverUrl: 'http://market.example:8080/demo/iphone-1.webp',
    });
  });

  it("name the address the seller's page was opened at", async () => {
    const head = await headAt(t, `/seller/${seller.id}`, 'shop.example');
    expect(head).toContain(
      `<meta property="og:url" content="http://shop.example/seller/${seller.id}"/>`,
    );
    expect(head).toContain(
      `<link rel="canonical" href="http://shop.example/seller/${seller.id}"/>`,
    );
    const api = await t.app.inject({
      method: 'GET',
      url: `/api/sellers/${seller.id}`,
      headers: { host: 'other.example' },
    });
    expect(api.json<SellerProfile>().pageUrl).toBe(`http://other.example/seller/${seller.id}`);
  });

  it("carry the listing's price and currency", async () => {
    const head = await headAt(t, `/product/${product._id}`, 'market.example');
    expect(head).toContain('<meta property="product:price:amount" content="450.50"/>');
    expect(head).toContain('<meta property="product:price:currency" content="USD"/>');
  });
});

describe('share tags with PUBLIC_URL', () => {
  const t = useTestApp(() => ({
    env: { WEB_DIST_DIR: distDir, PUBLIC_URL: 'https://phones.example' },
    serveWeb: true,
  }));
  let product: Product;
  beforeAll(async () => {
    ({ product } = await setUp(t));
  });

  it('name the one public address, whatever address the page was opened at', async () => {
    const head = await headAt(t, `/product/${product._id}`, 'internal.example:3000');
    expect(head).toContain(
      `<meta property="og:url" content="https://phones.example/product/${product._id}"/>`,
    );
    expect(head).toContain(
      `<link rel="canonical" href="https://phones.example/product/${product._id}"/>`,
    );
    expect(head).not.toContain('internal.example');
  });
});
