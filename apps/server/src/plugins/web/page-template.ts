// The page template: the web build's index.html and manifest, cut into a rendered page's parts.
import fs from 'node:fs';
import path from 'node:path';
import { PAGE_STATE_ID, type Language, type RenderedPage } from '@market/shared';
import { htmlElementFor } from './page-language.ts';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/** Vite's build manifest: each module's chunk, keyed by the module's path from the app's root. */
export type Manifest = Record<string, ManifestChunk>;

export interface WebBuild {
  indexHtml: string;
  manifest: Manifest;
}

export function readWebBuild(distDir: string): WebBuild {
  return {
    indexHtml: fs.readFileSync(path.join(distDir, 'index.html'), 'utf8'),
    manifest: JSON.parse(
      fs.readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'),
    ) as Manifest,
  };
}

export interface PageTemplate {
  /** Everything before `</head>`, without the app's script tags; a page's stylesheets go after. */
  head: string;
  /** The inline script that loads the app: the same on every page, so a policy can hash it. */
  loaderScript: string;
  /**
   * The whole page around a rendered #root, in its language (`lang`, the currency the browser app
   * formats prices in, and `alternates`: the page's addresses in every language); `nonce` marks
   * the loader script for a policy.
   */
  page(rendered: Extract<RenderedPage, { kind: 'page' }>, options: PageOptions): string;
  /** Stylesheets of the matched lazily loaded pages that the head does not link already. */
  stylesFor(routeIds: readonly string[]): string;
  /**
   * The script element that loads the app, with the chunks of the matched pages: once the page
   * has loaded, or at the person's first touch (`startOnInteraction`).
   */
  loaderFor(routeIds: readonly string[], nonce?: string, startOnInteraction?: boolean): string;
}

export interface PageOptions {
  language: Language;
  currency: string;
  /** `<link rel="alternate" hreflang>` elements for the head. */
  alternates: string;
  nonce?: string;
}

const ROOT = '<div id="root"></div>';
const ENTRY_SCRIPT = /<script type="module" crossorigin src="\/([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="\/([^"]+)">\s*/g;
/** The loader script's id, by which it finds its own list of chunks. */
export const LOADER_ID = 'app-loader';
/** Set to "interaction" on the loader of a page that fetches the app at the first touch. */
export const START_ATTRIBUTE = 'data-start';
/** What a person does that fetches the app on such a page: a touch, a click, a key, a focus. */
const FIRST_TOUCH = ['pointerdown', 'touchstart', 'keydown', 'focusin'];

/**
 * The page shell of the web build, cut where a rendered page's parts go. A rendered page shows
 * and its links work before any script runs, so the app's scripts are not fetched alongside the
 * stylesheet and the images that the first paint needs: a small inline script fetches them
 * once the page has loaded and painted, and the app then takes the page over in place.
 * `lazyRouteIds` are the manifest keys of the lazily loaded pages; each must be in the manifest.
 */
export function pageTemplate(
  { indexHtml: html, manifest }: WebBuild,
  lazyRouteIds: readonly string[],
): PageTemplate {
  const at = html.indexOf(ROOT);
  const headEnd = html.indexOf('</head>');
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (at < 0 || headEnd < 0 || headEnd > at || !entry) {
    throw new Error('index.html has no entry script or no empty #root');
  }
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]!);
  const head = html.slice(0, headEnd).replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, '');
  const middle = html.slice(headEnd, at);
  const tail = html.slice(at + ROOT.length);
  const linked = new Set([...head.matchAll(/href="\/([^"]+)"/g)].map((m) => m[1]));

  /** A page's own chunk, what it imports, and their stylesheets. */
  function chunksOf(routeId: string) {
    if (!manifest[routeId]) {
      throw new Error(`The web build's manifest has no module ${routeId}; build the web app again`);
    }
    const scripts = new Set<string>();
    const styles = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || scripts.has(chunk.file)) return;
      scripts.add(chunk.file);
      for (const css of chunk.css ?? []) styles.add(css);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    visit(routeId);
    return { scripts: [...scripts], styles: [...styles].filter((file) => !linked.has(file)) };
  }
  const chunks = new Map(lazyRouteIds.map((id) => [id, chunksOf(id)]));
  const matched = (routeIds: readonly string[]) => routeIds.flatMap((id) => chunks.get(id) ?? []);

  // Bangla pages fetch their font's files with the page: text a browser draws before a font it
  // fetched on its own comes in was seen left as empty boxes (decision 0042).
  const banglaFonts = Object.keys(manifest)
    .filter((key) => key.includes('/noto-sans-bengali/') && key.endsWith('.woff2'))
    .map(
      (key) =>
        `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${manifest[key]!.file}">`,
    )
    .join('');
  const loaderScript = appLoader(`/${entry}`);
  const template: PageTemplate = {
    head,
    loaderScript,
    stylesFor(routeIds) {
      return matched(routeIds)
        .flatMap((page) => page.styles)
        .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`)
        .join('');
    },
    loaderFor(routeIds, nonce, startOnInteraction = false) {
      const files = new Set([...preloads, ...matched(routeIds).flatMap((page) => page.scripts)]);
      files.delete(entry);
      const chunkList = [...files].map((file) => `/${file}`).join(' ');
      const nonceAttribute = nonce ? ` nonce="${nonce}"` : '';
      const start = startOnInteraction ? ` ${START_ATTRIBUTE}="interaction"` : '';
      return `<script type="module" id="${LOADER_ID}" data-chunks="${chunkList}"${start}${nonceAttribute}>${loaderScript}</script>`;
    },
    page(rendered, { language, currency, alternates, nonce }) {
      const { hoisted, body } = splitHoisted(rendered.appHtml);
      return (
        htmlElementFor(pageHead(head, hoisted), language, currency) +
        (language === 'bn' ? banglaFonts : '') +
        alternates +
        template.stylesFor(rendered.routeIds) +
        middle +
        `<div id="root">${body}</div>` +
        `<script id="${PAGE_STATE_ID}" type="application/json">${rendered.stateJson}</script>` +
        template.loaderFor(rendered.routeIds, nonce, rendered.startOnInteraction) +
        tail
      );
    },
  };
  return template;
}

/**
 * The title, meta and link elements a page renders: React writes them first in its markup (it
 * moves them into the head in the browser), and link previews read them only from the head.
 */
const HOISTED = /^(?:<title>[^<]*<\/title>|<meta\s[^>]*>|<link\s[^>]*>)+/;
const DEFAULT_TITLE = /<title>[^<]*<\/title>\s*/;
const DEFAULT_DESCRIPTION = /<meta\s+name="description"[^>]*>\s*/;

function splitHoisted(appHtml: string): { hoisted: string; body: string } {
  const hoisted = HOISTED.exec(appHtml)?.[0] ?? '';
  return { hoisted, body: appHtml.slice(hoisted.length) };
}

/** The shell's head with the page's own elements, which replace its default title and description. */
function pageHead(head: string, hoisted: string): string {
  if (!hoisted) return head;
  let own = head;
  if (hoisted.includes('<title>')) own = own.replace(DEFAULT_TITLE, '');
  if (/<meta\s+name="description"/.test(hoisted)) own = own.replace(DEFAULT_DESCRIPTION, '');
  return own + hoisted;
}

/**
 * Fetches the entry and the page's chunks (listed on the script element, so that this text is the
 * same on every page) side by side once the page has loaded and painted; on a page whose loader
 * says `data-start="interaction"`, at the first touch, click, key or focus instead (at once if
 * one came before the page had loaded).
 */
function appLoader(entry: string): string {
  return (
    `const s=document.getElementById(${JSON.stringify(LOADER_ID)});const chunks=s.dataset.chunks;` +
    `let started=false;const go=()=>{if(started)return;started=true;` +
    `for(const href of chunks.match(/\\S+/g)??[]){const l=document.createElement('link');` +
    `l.rel='modulepreload';l.href=href;document.head.append(l)}import(${JSON.stringify(entry)})};` +
    `const load=()=>requestAnimationFrame(()=>setTimeout(go));` +
    `if(s.dataset.start==='interaction'){for(const e of ${JSON.stringify(FIRST_TOUCH)})` +
    `addEventListener(e,go,{once:true,capture:true,passive:true})}` +
    `else document.readyState==='complete'?load():addEventListener('load',load,{once:true});`
  );
}
