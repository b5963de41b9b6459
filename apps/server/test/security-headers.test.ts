import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cspForInlineScripts,
  inlineScriptHashes,
  scriptHash,
} from '../src/plugins/security-headers.ts';
import { buildTestApp, testDbKind, useTestApp } from './build-test-app.ts';
import { createUser } from './factories.ts';

const sha256 = (text: string) =>
  `'sha256-${crypto.createHash('sha256').update(text).digest('base64')}'`;

/** The script-src directive of a policy, as its sources. */
function scriptSources(policy: string): string[] {
  const directive = policy.split(/;\s*/).find((d) => d.startsWith('script-src '));
  return directive?.split(' ').slice(1) ?? [];
}

describe('the page policy', () => {
  it('hashes the exact text of an inline script', () => {
    // The SHA-256 of the empty string, as every CSP document lists it.
    expect(scriptHash('')).toBe("'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='");
    expect(scriptHash('import("/a.js")')).toBe(sha256('import("/a.js")'));
  });

  it('finds the inline scripts a browser runs, not files or data blocks', () => {
    const html =
      '<head><script>menu()</script><script type="module" crossorigin src="/assets/app.js"></script></head>' +
      '<body><div id="root"></div>' +
      '<script id="page-state" type="application/json">{"a":1}</script>' +
      '<script type="module">import("/assets/app.js")</script>' +
      "<script type='text/javascript'>legacy()</script></body>";
    expect(inlineScriptHashes(html)).toEqual([
      sha256('menu()'),
      sha256('import("/assets/app.js")'),
      sha256('legacy()'),
    ]);
  });

  it('allows this server and the named scripts only, and no framing', () => {
    const policy = cspForInlineScripts([sha256('a()'), sha256('b()'), sha256('a()')]);
    expect(scriptSources(policy)).toEqual(["'self'", sha256('a()'), sha256('b()')]);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  });
});

describe(`security headers on every answer on ${testDbKind}`, () => {
  const t = useTestApp();

  const expectBrowserHeaders = (headers: Record<string, unknown>, label: string) => {
    expect(headers['x-content-type-options'], label).toBe('nosniff');
    expect(headers['x-frame-options'], label).toBe('DENY');
    expect(headers['referrer-policy'], label).toBe('same-origin');
    const policy = String(headers['content-security-policy']);
    expect(policy, label).toBe(cspForInlineScripts([]));
    expect(policy, label).toContain("frame-ancestors 'none'");
    expect(scriptSources(policy), label).toEqual(["'self'"]);
    // http: no HSTS, which would pin browsers to an https that does not exist.
    expect(headers['strict-transport-security'], label).toBeUndefined();
  };

  it('on reads, refusals, unknown paths, errors and Better Auth answers', async () => {
    const user = await createUser(t, { role: 'buyer' });
    const answers = {
      health: await t.app.inject({ url: '/api/health' }),
      signedIn: await t.app.inject({ url: '/api/me', headers: user.headers }),
      anonymous: await t.app.inject({ url: '/api/me' }),
      unknown: await t.app.inject({ url: '/api/no-such-thing' }),
      invalid: await t.app.inject({ url: '/api/products/iPhone?limit=oops' }),
      crossSite: await t.app.inject({
        method: 'PUT',
        url: '/api/users',
        headers: { ...user.headers, origin: 'https://evil.example' },
        payload: {},
      }),
      auth: await t.app.inject({ url: '/api/auth/get-session', headers: user.headers }),
      authRefusal: await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: user.email, password: 'not-the-password' },
      }),
      docs: await t.app.inject({ url: '/api/openapi.json' }),
    };
    expect(answers.crossSite.statusCode).toBe(403);
    expect(answers.authRefusal.statusCode).toBe(401);
    for (const [label, res] of Object.entries(answers)) expectBrowserHeaders(res.headers, label);
  });

  it('sends HSTS when PUBLIC_URL is https', async () => {
    const secure = await buildTestApp({ env: { PUBLIC_URL: 'https://market.example' } });
    try {
      const res = await secure.app.inject({ url: '/api/health' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    } finally {
      await secure.close();
    }
  });
});

describe(`the page shell's policy names its inline script on ${testDbKind}`, () => {
  const menuScript = "addEventListener('click', () => {})";
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'market-dist-'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      `<!doctype html><html><head><title>Phone Market</title><script>${menuScript}</script>` +
        '<script type="module" crossorigin src="/assets/index.js"></script></head>' +
        '<body><div id="root"></div></body></html>',
    );
    fs.writeFileSync(path.join(dist, 'offline.html'), '<!doctype html><title>Offline</title>');
  });
  afterAll(() => {
    fs.rmSync(dist, { recursive: true, force: true });
  });
  const t = useTestApp(() => ({ env: { WEB_DIST_DIR: dist }, serveWeb: true }));

  it('allows exactly the shell inline script', async () => {
    const page = await t.app.inject({ url: '/dashboard/my-orders' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const policy = String(page.headers['content-security-policy']);
    expect(scriptSources(policy)).toEqual(["'self'", sha256(menuScript)]);
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
  });

  it('allows it too when the shell is fetched as a file, as the installable app keeps it', async () => {
    const file = await t.app.inject({ url: '/index.html' });
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain(menuScript);
    expect(scriptSources(String(file.headers['content-security-policy']))).toEqual([
      "'self'",
      sha256(menuScript),
    ]);
    // Another page of the build keeps the policy with no inline script.
    const offline = await t.app.inject({ url: '/offline.html' });
    expect(offline.statusCode).toBe(200);
    expect(scriptSources(String(offline.headers['content-security-policy']))).toEqual(["'self'"]);
  });
});
