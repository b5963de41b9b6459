/**
 * The page template and the page state, on the web app's real build: what the server writes into
 * a page, and what the browser reads back from it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { parse, type DefaultTreeAdapterTypes } from 'parse5';
import { createStaticHandler, data, isRouteErrorResponse, type RouteObject } from 'react-router';
import { hydrate, QueryClient } from '@tanstack/react-query';
import { PAGE_STATE_ID, type PageRenderer } from '@market/shared';
import {
  LOADER_ID,
  pageTemplate,
  readWebBuild,
  type Manifest,
  type PageTemplate,
  type WebBuild,
} from '../src/plugins/web/page-template.ts';
import { alternateLinks } from '../src/plugins/web/page-language.ts';
import { loadRenderer } from '../src/plugins/web/renderer-bridge.ts';
import { readPageState, writePageState } from '../../web/src/app/page-state.ts';
import { freshWebBuild } from './helpers/web-build.ts';

type Element = DefaultTreeAdapterTypes.Element;

/** A page as the browser's HTML parser reads it: its elements, in document order. */
function parsePage(html: string) {
  const elements: Element[] = [];
  const walk = (node: DefaultTreeAdapterTypes.ParentNode) => {
    for (const child of node.childNodes) {
      if (!('tagName' in child)) continue;
      elements.push(child);
      walk(
        child.nodeName === 'template' ? (child as DefaultTreeAdapterTypes.Template).content : child,
      );
    }
  };
  walk(parse(html));
  const attr = (element: Element, name: string) =>
    element.attrs.find((a) => a.name === name)?.value;
  const text = (element: Element) =>
    element.childNodes.map((node) => ('value' in node ? node.value : '')).join('');
  return {
    elements,
    scripts: elements.filter((element) => element.tagName === 'script'),
    attr,
    text,
    /** What `document.getElementById` gives the browser's code. */
    getElementById(id: string) {
      const found = elements.find((element) => attr(element, 'id') === id);
      return found ? { textContent: text(found) } : null;
    },
  };
}

/** A module's own chunk and every chunk it imports, as the browser must fetch them. */
function chunkFiles(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key]!;
  if (seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) chunkFiles(manifest, imported, seen);
  return seen;
}

const CATEGORY_PAGE = 'src/app/routes/category.tsx';

let build: WebBuild;
let renderer: PageRenderer;
let template: PageTemplate;
let entry: { file: string; css: string[] };

beforeAll(async () => {
  const distDir = freshWebBuild();
  build = readWebBuild(distDir);
  renderer = (await loadRenderer(distDir))!;
  template = pageTemplate(build, renderer.lazyRouteIds);
  const chunk = build.manifest['index.html']!;
  entry = { file: chunk.file, css: chunk.css ?? [] };
});

const IN_ENGLISH = { language: 'en', currency: 'USD', alternates: '' } as const;

describe('the page template, on the real web build', () => {
  it('keeps the stylesheet in the head and leaves the scripts to the loader', () => {
    expect(entry.css).toHaveLength(1);
    const stylesheet = `<link rel="stylesheet" crossorigin href="/${entry.css[0]}">`;
    // The build's own page links the entry and preloads its chunks from the head.
    expect(build.indexHtml).toContain(`<script type="module" crossorigin src="/${entry.file}">`);
    expect(build.indexHtml).toContain('<link rel="modulepreload"');

    expect(template.head).toContain(stylesheet);
    expect(template.head).not.toContain(entry.file);
    expect(template.head).not.toContain('type="module"');
    expect(template.head).not.toContain('modulepreload');
  });

  it('knows every lazily loaded page by its module in the build manifest', () => {
    expect(renderer.lazyRouteIds).toEqual(
      expect.arrayContaining([CATEGORY_PAGE, 'src/app/routes/log-in.tsx']),
    );
    for (const id of renderer.lazyRouteIds) {
      expect(build.manifest[id], id).toEqual(
        expect.objectContaining({ file: expect.stringMatching(/^assets\/.+\.js$/) }),
      );
    }
    // A route id with no module behind it would leave its page without its chunks.
    expect(() => pageTemplate(build, ['src/app/routes/no-such-page.tsx'])).toThrow(
      /no module src\/app\/routes\/no-such-page\.tsx/,
    );
  });

  it('loads the entry and the chunks of the matched lazily loaded page', () => {
    const page = parsePage(template.loaderFor(['0', CATEGORY_PAGE], 'n0nce'));
    const [loader] = page.scripts;
    expect(page.scripts).toHaveLength(1);
    expect(page.attr(loader!, 'type')).toBe('module');
    expect(page.attr(loader!, 'nonce')).toBe('n0nce');
    expect(page.text(loader!)).toBe(template.loaderScript);
    expect(template.loaderScript).toContain(`import("/${entry.file}")`);

    const chunks = page.attr(loader!, 'data-chunks')!.split(' ');
    const expected = [...chunkFiles(build.manifest, CATEGORY_PAGE)].map((file) => `/${file}`);
    expect(expected.length).toBeGreaterThan(1);
    expect(chunks).toEqual(expect.arrayContaining(expected));
    // The entry's own imports are fetched too, and the entry itself once, by the import.
    for (const imported of build.manifest['index.html']!.imports ?? []) {
      expect(chunks).toContain(`/${build.manifest[imported]!.file}`);
    }
    expect(chunks).not.toContain(`/${entry.file}`);
    expect(new Set(chunks).size).toBe(chunks.length);

    // Another page gets another list, but the same script: one hash covers every page.
    const home = parsePage(template.loaderFor(['0', '0-0']));
    expect(home.attr(home.scripts[0]!, 'data-chunks')).not.toContain(
      build.manifest[CATEGORY_PAGE]!.file,
    );
    expect(home.text(home.scripts[0]!)).toBe(template.loaderScript);
    expect(home.attr(home.scripts[0]!, 'nonce')).toBeUndefined();
    expect(home.attr(home.scripts[0]!, 'data-start')).toBeUndefined();

    // A page that waits for the first touch says so on the same script.
    const waiting = parsePage(template.loaderFor(['0', '0-0'], undefined, true));
    expect(waiting.attr(waiting.scripts[0]!, 'data-start')).toBe('interaction');
    expect(waiting.text(waiting.scripts[0]!)).toBe(template.loaderScript);
  });

  it("links the stylesheets of a page's modules that the head does not link yet", () => {
    // In today's build the toasts' host is the one module with a stylesheet of its own.
    const [styled] = Object.entries(build.manifest).find(
      ([key, chunk]) => key !== 'index.html' && (chunk.css ?? []).length > 0,
    )!;
    const withStyled = pageTemplate(build, [...renderer.lazyRouteIds, styled, 'index.html']);
    expect(withStyled.stylesFor(['0', styled])).toBe(
      build.manifest[styled]!.css!.map(
        (css) => `<link rel="stylesheet" crossorigin href="/${css}">`,
      ).join(''),
    );
    // The entry's stylesheet is in the head already: it is not linked twice.
    expect(withStyled.stylesFor(['index.html'])).toBe('');
    expect(withStyled.stylesFor(['0', CATEGORY_PAGE])).toBe('');

    const page = parsePage(
      withStyled.page(
        {
          kind: 'page',
          status: 200,
          appHtml: '',
          stateJson: '{}',
          routeIds: [styled],
          startOnInteraction: false,
        },
        IN_ENGLISH,
      ),
    );
    const sheets = page.elements
      .filter((element) => page.attr(element, 'rel') === 'stylesheet')
      .map((element) => page.attr(element, 'href'));
    expect(sheets).toEqual([
      `/${entry.css[0]}`,
      ...build.manifest[styled]!.css!.map((css) => `/${css}`),
    ]);
  });
});

describe('a page in its language', () => {
  it('names its language and currency on <html> and links its address in each language', () => {
    const html = template.page(
      {
        kind: 'page',
        status: 200,
        appHtml: '<p>হ্যালো</p>',
        stateJson: '{}',
        routeIds: [],
        startOnInteraction: false,
      },
      {
        language: 'bn',
        currency: 'BDT',
        alternates: alternateLinks('https://market.example', '/search?page=2'),
      },
    );
    expect(html).toMatch(/^<!doctype html>\s*<html lang="bn" data-currency="BDT"/i);
    const page = parsePage(html);
    const alternates = page.elements
      .filter((element) => page.attr(element, 'rel') === 'alternate')
      .map((element) => [page.attr(element, 'hreflang'), page.attr(element, 'href')]);
    expect(alternates).toEqual([
      ['en', 'https://market.example/search?page=2'],
      ['bn', 'https://market.example/bn/search?page=2'],
      ['x-default', 'https://market.example/search?page=2'],
    ]);
  });

  it('fetches the Bangla font with a Bangla page, and not with an English one', () => {
    const rendered = {
      kind: 'page' as const,
      status: 200,
      appHtml: '<p>হোম</p>',
      stateJson: '{}',
      routeIds: [],
      startOnInteraction: false,
    };
    const fontsOf = (html: string) => {
      const page = parsePage(html);
      return page.elements
        .filter((element) => page.attr(element, 'rel') === 'preload')
        .map((element) => [page.attr(element, 'as'), page.attr(element, 'href')]);
    };
    const files = Object.keys(build.manifest)
      .filter((key) => key.includes('/noto-sans-bengali/') && key.endsWith('.woff2'))
      .map((key) => `/${build.manifest[key]!.file}`);
    // Its two weights; browsers that take a preload take WOFF2, so the older WOFF files are left.
    expect(files).toHaveLength(2);
    expect(
      fontsOf(template.page(rendered, { language: 'bn', currency: 'USD', alternates: '' })),
    ).toEqual(files.map((file) => ['font', file]));
    expect(fontsOf(template.page(rendered, IN_ENGLISH))).toEqual([]);
  });

  it('escapes an address that would break out of the attribute', () => {
    expect(alternateLinks('http://x', '/a"b<c')).toContain('href="http://x/a&quot;b&lt;c"');
  });
});

describe('the page state, from the server to the browser', () => {
  const HOSTILE = '</script><script>alert(1)</script>';
  const SEPARATORS = 'a\u2028b\u2029c';

  /** What a page's routes gave the server: loader data, and an error where one failed. */
  async function routerContext(failure: () => never) {
    const routes: RouteObject[] = [
      {
        id: 'layout',
        path: '/',
        hasErrorBoundary: true,
        loader: () => ({ title: HOSTILE, line: SEPARATORS }),
        children: [{ id: 'brand', path: 'category/:name', loader: failure }],
      },
    ];
    const context = await createStaticHandler(routes).query(
      new Request('http://localhost/category/NoSuchBrand'),
    );
    if (context instanceof Response) throw new Error('expected a page, not a redirect');
    return context;
  }

  /** The page as the server sends it, read back the way the browser's code reads it. */
  function roundTrip(stateJson: string) {
    const html = template.page(
      {
        kind: 'page',
        status: 404,
        appHtml: '<p>Not here</p>',
        stateJson,
        routeIds: ['layout', 'brand'],
        startOnInteraction: false,
      },
      IN_ENGLISH,
    );
    const page = parsePage(html);
    return { page, state: readPageState(page) };
  }

  it('comes back as it went in: loader data, queries, and an error answer', async () => {
    const context = await routerContext(() => {
      throw data('No such brand', { status: 404, statusText: 'Not Found' });
    });
    const queryClient = new QueryClient();
    const products = { items: [{ name: `Pixel 8 ${HOSTILE} ${SEPARATORS}` }], total: 1 };
    queryClient.setQueryData(['products', HOSTILE, 1], products);

    const stateJson = writePageState(context, queryClient);
    const { page, state } = roundTrip(stateJson);

    // The page's data did not end its script early: the page has the scripts it should have.
    expect(
      page.scripts.map((script) => page.attr(script, 'id') ?? page.attr(script, 'type')),
    ).toEqual([undefined, PAGE_STATE_ID, LOADER_ID]);

    expect(stateJson).not.toMatch(/[<\u2028\u2029]/);
    expect(state!.router.loaderData).toEqual({ layout: { title: HOSTILE, line: SEPARATORS } });
    expect(state!.router.loaderData).toEqual(context.loaderData);
    expect(state!.router.actionData).toBeNull();
    const error = state!.router.errors?.layout;
    expect(isRouteErrorResponse(error)).toBe(true);
    expect(error).toEqual(context.errors!.layout);
    expect(error).toEqual({
      status: 404,
      statusText: 'Not Found',
      data: 'No such brand',
      internal: false,
    });

    // The browser's query cache, filled from the page, holds what the server's held.
    const browserClient = new QueryClient();
    hydrate(browserClient, state!.queries);
    expect(browserClient.getQueryData(['products', HOSTILE, 1])).toEqual(products);
  });

  it('keeps the message of an error that is not an answer', async () => {
    const context = await routerContext(() => {
      throw new Error(`Lost ${HOSTILE}`);
    });
    const { state } = roundTrip(writePageState(context, new QueryClient()));
    const error = state!.router.errors?.layout;
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(`Lost ${HOSTILE}`);
    expect(isRouteErrorResponse(error)).toBe(false);
  });

  it('is absent from a page the server did not render', () => {
    expect(readPageState(parsePage(build.indexHtml))).toBeNull();
  });
});
