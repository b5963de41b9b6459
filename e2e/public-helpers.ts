import { expect } from 'vitest';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, screenshot } from './harness.ts';
import { sidewaysOverflow } from './fixtures.ts';

/** A small real PNG, so the server's image checks and re-encoding run for real. */
export async function pngFile(name = 'avatar.png') {
  const buffer = await sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: 154, g: 52, b: 18 } },
  })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** Lazy images below the fold would be blank in a full-page screenshot: load them all first. */
async function loadAllImages(page: Page) {
  await page.evaluate(async () => {
    const images = Array.from(document.querySelectorAll('img'));
    for (const img of images) img.loading = 'eager';
    await Promise.all(
      images.map((img) =>
        img.complete
          ? null
          : new Promise((done) => img.addEventListener('load', done, { once: true })),
      ),
    );
  });
}

/** Saves the page at 1280 and 390 px wide; on a phone the page must not scroll sideways. */
export async function captureBothWidths(page: Page, name: string) {
  await page.setViewportSize(DESKTOP);
  await loadAllImages(page);
  await screenshot(page, `${name}-desktop`);
  await page.setViewportSize(PHONE);
  await loadAllImages(page);
  const overflow = await sidewaysOverflow(page);
  expect(overflow, `${name} scrolls sideways on a phone`).toBeLessThanOrEqual(0);
  await screenshot(page, `${name}-phone`);
  await page.setViewportSize(DESKTOP);
}

/**
 * Console errors that point at a bug. The browser reports every refused request in the console,
 * so a test that provokes one on purpose names it in `expected`.
 */
export function unexpectedErrors(errors: string[], expected: RegExp[] = []): string[] {
  return errors.filter((e) => !expected.some((pattern) => pattern.test(e)));
}
