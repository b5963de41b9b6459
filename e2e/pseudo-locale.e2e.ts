import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { PHONE, screenshot, useServerAndBrowser } from './harness.ts';
import { BUYER, sidewaysOverflow } from './fixtures.ts';
import { unexpectedErrors } from './public-helpers.ts';

/*
 * The pseudo-locale run: the English catalog, as the browser fetches it, is rewritten into longer
 * marked text ("Home" becomes "[Ĥöɱé····]", two fifths longer, the way German or Bangla runs
 * longer than English). Once the app has taken a page over, every translated text is the pseudo
 * one; at 390 px no text may be clipped and nothing may run off the side. The screenshots are
 * looked at too.
 */

const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c, i) => [
    c,
    [...'àƀçđéƒĝĥíĵķľɱñöƥʠŕšţüʋŵẋýžÀƁÇĐÉƑĜĤÍĴĶĽṀÑÖƤǪŔŠŢÜṼŴẊÝŽ'][i]!,
  ]),
);
/**
 * What a text keeps as it is: values filled in, the tags of a text with links, and a literal's
 * escapes (\n).
 */
const KEPT = /(\{\{[^}]*\}\}|<\/?\d+>|<\/?[a-z]+\s*\/?>|\\.)/;

/** A text in the pseudo-locale: each letter accented, two fifths longer, in brackets. */
export function pseudo(text: string): string {
  if (text === '') return text;
  const parts = text.split(KEPT);
  const words = parts
    .map((part, i) => (i % 2 === 1 ? part : [...part].map((c) => ACCENTED[c] ?? c).join('')))
    .join('');
  const visible = parts.filter((_, i) => i % 2 === 0).join('').length;
  return `[${words}${'·'.repeat(Math.ceil(visible * 0.4))}]`;
}

/** A template literal's text as a string, and back. */
const untemplate = (raw: string) => raw.replace(/\\([\\`$])/g, '$1');
const template = (text: string) => text.replace(/[\\`]|\$\{/g, (c) => `\\${c}`);

/** Every string in a JSON value made pseudo. */
function pseudoJson(value: unknown): unknown {
  if (typeof value === 'string') return pseudo(value);
  if (Array.isArray(value)) return value.map(pseudoJson);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, pseudoJson(v)]));
  }
  return value;
}

/**
 * The English catalog chunk, its texts made pseudo: they are the module's template literals
 * without substitutions, and the larger sections are JSON in one (`JSON.parse(`...`)`).
 */
async function pseudoCatalog(route: Route): Promise<void> {
  const response = await route.fetch();
  const body = (await response.text()).replace(
    // A "$" may stand alone in a text ("Your offer ($)").
    /(JSON\.parse\()?`((?:[^`\\$]|\\.|\$(?!\{))*)`/g,
    (_, parse: string | undefined, raw: string) =>
      parse
        ? `${parse}\`${template(JSON.stringify(pseudoJson(JSON.parse(untemplate(raw)))))}\``
        : `\`${pseudo(raw)}\``,
  );
  await route.fulfill({ response, body });
}

/**
 * The texts that do not fit in their box and are cut with no sign of it: an element that hides
 * what overflows it, and is wider or taller inside than out, unless it ends with an ellipsis or
 * clamps its lines on purpose (long names), or is only for screen readers.
 */
async function clippedTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      const style = getComputedStyle(element);
      const hides = [style.overflowX, style.overflowY].some((v) => v === 'hidden' || v === 'clip');
      if (!hides || !element.innerText?.trim()) continue;
      if (style.textOverflow === 'ellipsis' || style.webkitLineClamp !== 'none') continue;
      // Not shown, or shown to screen readers only (a box of one pixel).
      if (
        element.offsetParent === null ||
        (element.clientWidth <= 1 && element.clientHeight <= 1)
      ) {
        continue;
      }
      const wide = element.scrollWidth > element.clientWidth + 1;
      const tall = element.scrollHeight > element.clientHeight + 1;
      if (wide || tall)
        found.push(`${element.tagName}.${element.className}: ${element.innerText.slice(0, 60)}`);
    }
    return found;
  });
}

describe('the pseudo-locale at 390 px', () => {
  const { freshPage, signedIn } = useServerAndBrowser();

  const pages: Array<{ name: string; path: string; signedIn: boolean }> = [
    { name: 'home', path: '/', signedIn: false },
    { name: 'log-in', path: '/log-in', signedIn: false },
    { name: 'registration', path: '/registration', signedIn: false },
    { name: 'search', path: '/search?q=iphone', signedIn: true },
    { name: 'dashboard', path: '/dashboard', signedIn: true },
  ];

  it('shows a listing and its seller’s page in longer texts with none clipped', async () => {
    const { page, errors, close } = await freshPage(PHONE);
    await page.route('**/assets/en-*.js', pseudoCatalog);
    await page.goto('/');
    const listing = await page.locator('a[href^="/product/"]').first().getAttribute('href');
    await page.goto(listing ?? '/');
    await page
      .getByText(/^\[.*·\]$/)
      .first()
      .waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect(await clippedTexts(page)).toEqual([]);
    await screenshot(page, 'pseudo-locale-listing');
    const seller = await page.locator('a[href^="/seller/"]').first().getAttribute('href');
    await page.goto(seller ?? '/');
    await page.getByRole('heading', { name: /^\[Ƥĥöñéš öñ öƒƒéŕ/ }).waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect(await clippedTexts(page)).toEqual([]);
    await screenshot(page, 'pseudo-locale-seller');
    expect(unexpectedErrors(errors, [/hydrat|Minified React error #4(18|25)/i])).toEqual([]);
    await close();
  });

  it.each(pages)(
    'shows $name in longer texts with none clipped',
    async ({ name, path, signedIn: asBuyer }) => {
      const opened = asBuyer ? await signedIn(BUYER, PHONE) : await freshPage(PHONE);
      const { page, errors } = opened;
      await page.route('**/assets/en-*.js', pseudoCatalog);
      await page.goto(path);
      // The server drew the page in English; the app takes it over in the pseudo-locale.
      await page
        .getByText(/^\[.*·\]$/)
        .first()
        .waitFor();
      await page.evaluate(async () => void (await document.fonts.ready));
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      expect(await clippedTexts(page)).toEqual([]);
      await screenshot(page, `pseudo-locale-${name}`);
      // React says the page it took over differs from the one drawn: here, on purpose.
      expect(unexpectedErrors(errors, [/hydrat|Minified React error #4(18|25)/i])).toEqual([]);
      await opened.close();
    },
  );
});
