import { afterEach, describe, expect, it, vi } from 'vitest';
import { escapeHtml, headTags, renderShell, scriptJson, summarize, type PageHead } from '../../server/seo/html.ts';

const shell = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Default." />
    <title>Kilele Safaris</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const head: PageHead = {
  title: 'Serengeti <Classic> | Kilele Safaris',
  description: 'Lions & "leopards"',
  canonical: 'https://kilele.example/tours/serengeti-classic',
  image: 'https://kilele.example/storage/v1/object/public/media/tours/serengeti.svg',
  imageAlt: 'Serengeti',
  type: 'website',
  siteName: 'Kilele Safaris',
  twitterSite: '@kilelesafaris',
  jsonLd: [{ '@type': 'TouristTrip', name: '</script><script>alert(1)</script>' }],
};

describe('escaping', () => {
  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });

  it('makes JSON safe inside a script element and still parseable to the same value', () => {
    const value = { text: '</script><!-- & \u2028 \u2029' };
    const json = scriptJson(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe('summarize', () => {
  it('turns markdown into one plain line', () => {
    expect(summarize('## Who we are\n\nWe are **42** Tanzanians, see [our team](/about).')).toBe('Who we are We are 42 Tanzanians, see our team.');
  });

  it('cuts long text at a word boundary with an ellipsis', () => {
    const text = 'word '.repeat(60);
    const summary = summarize(text, 40);
    expect(summary.length).toBeLessThanOrEqual(40);
    expect(summary).toMatch(/word…$/);
    expect(summarize(null)).toBe('');
  });
});

describe('headTags', () => {
  it('writes title, description, canonical, Open Graph, Twitter and JSON-LD, all escaped', () => {
    const tags = headTags(head);
    expect(tags).toContain('<title>Serengeti &lt;Classic&gt; | Kilele Safaris</title>');
    expect(tags).toContain('<meta name="description" content="Lions &amp; &quot;leopards&quot;" />');
    expect(tags).toContain('<link rel="canonical" href="https://kilele.example/tours/serengeti-classic" />');
    expect(tags).toContain('<meta property="og:image" content="https://kilele.example/storage/v1/object/public/media/tours/serengeti.svg" />');
    expect(tags).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(tags).toContain('<meta name="twitter:site" content="@kilelesafaris" />');
    expect(tags).not.toContain('robots');
    expect(tags).not.toContain('<script>alert');
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(tags)!;
    expect(JSON.parse(ld[1])).toEqual(head.jsonLd[0]);
  });

  it('adds noindex and a small card when asked and without a picture', () => {
    const tags = headTags({ ...head, image: null, noindex: true });
    expect(tags).toContain('<meta name="robots" content="noindex" />');
    expect(tags).toContain('<meta name="twitter:card" content="summary" />');
    expect(tags).not.toContain('og:image');
  });
});

describe('renderShell', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('replaces the default title and description and leaves the body alone when the page is not rendered', () => {
    const html = renderShell(shell, head, { updatedAt: 1, entries: {} });
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).not.toContain('Default.');
    expect(html.slice(html.indexOf('<body>'))).toBe(shell.slice(shell.indexOf('<body>')));
    expect(html.indexOf('id="page-data"')).toBeLessThan(html.indexOf('</head>'));
  });

  it('puts the server-rendered page in #root, as it is even when it holds replacement patterns', () => {
    const rootHtml = '<main><h1>Serengeti $& $1</h1></main>';
    const html = renderShell(shell, head, { updatedAt: 1, entries: {} }, [], { html: rootHtml, scripts: [] });
    expect(html).toContain(`<div id="root">${rootHtml}</div>`);
    expect(html.match(/id="root"/g)).toHaveLength(1);
    // The page holds presses and typing until it has hydrated (index.html's inline scripts).
    expect(html).toMatch(/<html lang="en" data-hydrating>/);
  });

  it("keeps a rendered page's scripts, its routes' too, in the template that loads after the first paint", () => {
    const withScripts = shell.replace(
      '</head>',
      '<link rel="modulepreload" crossorigin href="/assets/react-1.js">\n<script type="module" crossorigin src="/assets/index-1.js"></script>\n</head>',
    );
    const html = renderShell(withScripts, head, { updatedAt: 1, entries: {} }, [], { html: '<main></main>', scripts: ['/assets/tour-1.js', '/assets/Gallery-1.js'] });
    const template = html.match(/<template id="scripts-after-first-paint">(.*?)<\/template>/)?.[1] ?? '';
    expect(template).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/react-1.js"><script type="module" crossorigin src="/assets/index-1.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/tour-1.js"><link rel="modulepreload" crossorigin href="/assets/Gallery-1.js">',
    );
    // Outside the template the page names no script of the app.
    expect(html.replace(template, '')).not.toMatch(/assets\/[\w-]+\.js/);
  });

  it('marks only a server-rendered page as hydrating', () => {
    expect(renderShell(shell, head, { updatedAt: 1, entries: {} })).not.toContain('data-hydrating');
  });

  it('inlines page data that readPageData gives back unchanged, parsed once', async () => {
    const entries = { 'tour:serengeti-classic': { title: '</script>Serengeti', base_price: 2450 }, 'branding:active': null };
    const html = renderShell(shell, head, { updatedAt: 1_700_000_000_000, entries });
    const text = /<script id="page-data" type="application\/json">(.*?)<\/script>/.exec(html)![1];
    const getElementById = vi.fn((id: string) => (id === 'page-data' ? { textContent: text } : null));
    vi.stubGlobal('document', { getElementById });
    const { readPageData, pageDataUpdatedAt } = await import('../../src/lib/page-data.ts');
    expect(readPageData('tour:serengeti-classic')).toEqual(entries['tour:serengeti-classic']);
    expect(readPageData('branding:active')).toBeNull();
    expect(readPageData('tour:other')).toBeUndefined();
    expect(pageDataUpdatedAt()).toBe(1_700_000_000_000);
    expect(getElementById).toHaveBeenCalledTimes(1);
  });

  it('readPageData gives undefined when the page carries no data or damaged data', async () => {
    vi.stubGlobal('document', { getElementById: () => ({ textContent: '{not json' }) });
    const { readPageData, pageDataUpdatedAt } = await import('../../src/lib/page-data.ts');
    expect(readPageData('branding:active')).toBeUndefined();
    expect(pageDataUpdatedAt()).toBeUndefined();
  });
});
