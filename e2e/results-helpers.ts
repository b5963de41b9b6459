import type { Page } from 'playwright-core';
import { PHONE, type Viewport } from './harness.ts';

/** Waits for a results page (search or category) to show, with nothing left loading. */
export async function resultsSettled(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page
    .getByRole('status')
    .filter({ hasText: 'Loading results' })
    .waitFor({ state: 'detached' });
}

/** The filters: the sidebar on a wide screen, the dialog behind "Filters" (opened) on a phone. */
export async function filtersPanel(page: Page, viewport: Viewport) {
  if (viewport === PHONE) {
    const dialog = page.getByRole('dialog', { name: 'Filters' });
    if (await dialog.isVisible()) return dialog;
    await page.getByRole('button', { name: /^Filters/ }).click();
    await dialog.waitFor();
    return dialog;
  }
  return page.getByRole('complementary', { name: 'Filters' });
}
