import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, screenshot } from './harness.ts';
import { sidewaysOverflow } from './fixtures.ts';

/** Waits until the sidebar has finished sliding in (wide screens) or out (phones). */
export async function sidebarSettled(page: Page, shown: boolean): Promise<void> {
  const sidebar = page.getByRole('complementary', { name: 'Dashboard sidebar' });
  if (!shown) return sidebar.waitFor({ state: 'hidden' });
  await sidebar.waitFor({ state: 'visible' });
  await page.waitForFunction(
    () => (document.getElementById('dashboard-sidebar')?.getBoundingClientRect().left ?? -1) >= 0,
  );
}

/** A dashboard page at 1280 and at 390 px wide; the phone view must not scroll sideways. */
export async function captureDashboard(page: Page, name: string): Promise<void> {
  await page.setViewportSize(DESKTOP);
  await sidebarSettled(page, true);
  await screenshot(page, `${name}-desktop`);
  await page.setViewportSize(PHONE);
  await sidebarSettled(page, false);
  const overflow = await sidewaysOverflow(page);
  expect(overflow, `${name} scrolls sideways on a phone`).toBeLessThanOrEqual(0);
  await screenshot(page, `${name}-phone`);
  await page.setViewportSize(DESKTOP);
  await sidebarSettled(page, true);
}
