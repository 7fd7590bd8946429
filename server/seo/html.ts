import type { PageDataDocument } from '../../shared/page-data.ts';

/** The <head> of one page as crawlers and link previews read it. */
export interface PageHead {
  /** The whole <title>, company name included. */
  title: string;
  description: string;
  /** Absolute URL of the page without its query. */
  canonical: string;
  /** Absolute URL of the picture link previews show. */
  image: string | null;
  imageAlt?: string;
  /** Open Graph type: website for most pages, article for posts. */
  type: 'website' | 'article';
  siteName: string;
  /** The company's X handle, '@name', when branding has one. */
  twitterSite?: string | null;
  /** Pages that must not be indexed: portal, back office, sign-in, not found, confirmations. */
  noindex?: boolean;
  jsonLd: object[];
}

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for HTML content and double- or single-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => htmlEscapes[char]);
}

/**
 * JSON for a <script> element: '<', '>' and '&' as \u escapes so no '</script>' or '<!--' can end or
 * bend the element, and the two line separators JavaScript once treated as newlines escaped too.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Plain one-line text for a description: markdown marks and runs of whitespace removed, cut at a word. */
export function summarize(text: string | null | undefined, maxLength = 160): string {
  const plain = (text ?? '')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#>*_`|~]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= maxLength) return plain;
  const cut = plain.slice(0, maxLength - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > maxLength / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.-]+$/, '')}…`;
}

function meta(attribute: 'name' | 'property', key: string, content: string): string {
  return `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
}

/** The page's title, description, canonical link, Open Graph, Twitter card and JSON-LD tags. */
export function headTags(head: PageHead): string {
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(head.canonical)}" />`,
  ];
  if (head.noindex) tags.push(meta('name', 'robots', 'noindex'));
  tags.push(
    meta('property', 'og:site_name', head.siteName),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonical),
  );
  if (head.image) tags.push(meta('property', 'og:image', head.image));
  if (head.image && head.imageAlt) tags.push(meta('property', 'og:image:alt', head.imageAlt));
  tags.push(
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
  );
  if (head.image) tags.push(meta('name', 'twitter:image', head.image));
  if (head.twitterSite) tags.push(meta('name', 'twitter:site', head.twitterSite));
  for (const data of head.jsonLd) tags.push(`<script type="application/ld+json">${scriptJson(data)}</script>`);
  return tags.join('\n    ');
}

/** A page rendered on the server (render.ts): the HTML of #root, and its routes' scripts (route-scripts.ts). */
export interface ServerRenderedRoot {
  html: string;
  scripts: string[];
}

/**
 * The app shell with this page's head: the shell's own <title> and description are replaced, not
 * repeated, and the page's data goes in <head> too. `preloads` name what the page paints first
 * (preload.ts); `root` is the page rendered on the server, which the browser hydrates.
 */
export function renderShell(shell: string, head: PageHead, pageData: PageDataDocument, preloads: string[] = [], root: ServerRenderedRoot | null = null): string {
  const withoutDefaults = shell.replace(/<title>[\s\S]*?<\/title>\s*/i, '').replace(/<meta\s+name=["']description["'][^>]*>\s*/i, '');
  const data = `<script id="page-data" type="application/json">${scriptJson(pageData)}</script>`;
  const tags = [headTags(head), ...preloads, data].join('\n    ');
  const withHead = withoutDefaults.replace(/\s*<\/head>/i, () => `\n    ${tags}\n  </head>`);
  if (root === null) return withHead;
  // data-hydrating: index.html's inline scripts hold presses and typing until the app has hydrated the page.
  return scriptsAfterFirstPaint(withHead, root.scripts)
    .replace(/<html([^>]*)>/i, (_tag, attributes: string) => `<html${attributes} data-hydrating>`)
    .replace('<div id="root"></div>', () => `<div id="root">${root.html}</div>`);
}

/** The app's module script and the modulepreloads Vite put beside it in the shell's <head>. */
const appScriptTags = /\s*<(?:script type="module"[^>]*><\/script>|link rel="modulepreload"[^>]*>)/g;

/**
 * A server-rendered page is whole without its scripts, so they wait until it has painted: inside a
 * <template> nothing downloads, and index.html's last script adds them once the browser reports the
 * first contentful paint. Downloaded beside the stylesheet they would take the slow link's
 * bandwidth from it, and run before the first paint. The page's route scripts join them there.
 */
function scriptsAfterFirstPaint(page: string, routeScripts: string[]): string {
  const tags = page.match(appScriptTags) ?? [];
  if (tags.length === 0) return page;
  const withoutScripts = page.replace(appScriptTags, '');
  const routeTags = routeScripts.map((src) => `<link rel="modulepreload" crossorigin href="${escapeHtml(src)}">`);
  const template = `<template id="scripts-after-first-paint">${[...tags.map((tag) => tag.trim()), ...routeTags].join('')}</template>`;
  return withoutScripts.replace(/\s*<\/head>/i, () => `\n    ${template}\n  </head>`);
}
