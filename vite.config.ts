import { createHash } from 'node:crypto';
import { fileURLToPath, URL } from 'node:url';
import { tanstackRouter, tanstackRouterGenerator } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import postcss from 'postcss';
import { defineConfig, type Plugin } from 'vite';

// In development the app runs on Vite's server; everything the backend serves goes to `npm start`'s server.
const backend = process.env.BACKEND_URL ?? 'http://localhost:3000';
const proxied = ['/auth', '/rest', '/storage', '/api'];

/**
 * Preloads the fonts the first screen sets its text in (latin): body regular, medium (buttons and
 * navigation) and bold, headings bold, and the script face of the hero's and sections' eyebrows.
 * Found only once the stylesheet has been applied, they would arrive after the first paint and,
 * with font-display: optional, that page view would keep the fallback fonts.
 */
function preloadFirstScreenFonts(): Plugin {
  const firstScreen = /^assets\/(dm-sans-latin-(400|500|700)|domine-latin-700|great-vibes-latin-400)-normal-[\w-]+\.woff2$/;
  return {
    name: 'preload-first-screen-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (_html, { bundle }) =>
        Object.keys(bundle ?? {})
          .filter((file) => firstScreen.test(file))
          .map((file) => ({ tag: 'link', attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${file}`, crossorigin: '' }, injectTo: 'head' })),
    },
  };
}

/**
 * The self-hosted fonts show only if they arrive in time for the first paint (font-display: optional,
 * in place of @fontsource's swap); otherwise that page view keeps the fallback and the next uses the
 * cached font. A late swap re-flowed the home hero's text: Lighthouse measured a layout shift of 0.146.
 * The fonts of the first screen are preloaded (above), so on most connections they are in time.
 */
function fontsWithoutLayoutShift(): Plugin {
  return {
    name: 'fonts-without-layout-shift',
    enforce: 'pre',
    transform: (code, id) => (/[\\/]@fontsource[\\/].+\.css$/.test(id) ? { code: code.replaceAll('font-display: swap', 'font-display: optional'), map: null } : null),
  };
}

/**
 * Mantine's stylesheet styles every component it has; the app uses about a third of them. Each
 * component's rules select its own hashed classes (.m_77c9d27d), which its script names, so a rule
 * whose selector needs a class no script of the build names can never match and is left out. The
 * stylesheet is on every page's critical path: less of it paints sooner and styles the page faster.
 */
function dropUnusedMantineRules(): Plugin {
  const mantineClass = /\bm_[0-9a-f]{5,8}\b/g;
  return {
    name: 'drop-unused-mantine-rules',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const files = Object.values(bundle);
        const named = new Set(files.flatMap((file) => (file.type === 'chunk' ? (file.code.match(mantineClass) ?? []) : [])));
        for (const file of files) {
          if (file.type !== 'asset' || !file.fileName.endsWith('.css')) continue;
          const root = postcss.parse(String(file.source));
          root.walkRules((rule) => {
            const reachable = rule.selectors.filter((selector) => (selector.match(mantineClass) ?? []).every((name) => named.has(name)));
            if (reachable.length === 0) rule.remove();
            else if (reachable.length < rule.selectors.length) rule.selectors = reachable;
          });
          root.walkAtRules((atRule) => {
            if (atRule.nodes?.length === 0) atRule.remove();
          });
          // Its name carries a hash of what it held before; a new one for what it holds now, so a
          // browser never keeps an earlier build's cut of the same stylesheet.
          const css = root.toString();
          const renamed = file.fileName.replace(/-[\w-]+\.css$/, `-${createHash('sha256').update(css).digest('base64url').slice(0, 8)}.css`);
          file.source = css;
          if (renamed === file.fileName) continue;
          for (const other of files) {
            if (other.type === 'asset' && typeof other.source === 'string') other.source = other.source.replaceAll(file.fileName, renamed);
            else if (other.type === 'chunk') other.code = other.code.replaceAll(file.fileName, renamed);
          }
          delete bundle[file.fileName];
          this.emitFile({ type: 'asset', fileName: renamed, source: css });
        }
      },
    },
  };
}

/**
 * Every page runs the modules the entry imports statically, so they belong in the entry's chunk.
 * Left to itself, rolldown cuts each one that a lazy chunk also imports into a small chunk of its
 * own (the outbox registry, the idle queue, Mantine's core, ...): fifteen more requests on every
 * page, each with its import and export lines, 5 KB gzip of the home page's first JavaScript.
 * This plugin lists the app's modules the entry reaches, once the module graph is complete; the
 * 'entry' group below puts them, and the library modules they import, in the entry's chunk.
 * Libraries' own index modules are not listed: Mantine's and the icons' name every component.
 */
function modulesOfEveryPage() {
  const ids = new Set<string>();
  const plugin: Plugin = {
    name: 'modules-of-every-page',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    buildStart() {
      ids.clear();
    },
    buildEnd() {
      // Libraries never import the app's modules: the walk stops where they start.
      const visit = (id: string) => {
        if (ids.has(id) || /node_modules/.test(id)) return;
        ids.add(id);
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) visit(imported);
      };
      for (const id of this.getModuleIds()) if (this.getModuleInfo(id)?.isEntry) visit(id);
    },
  };
  return { plugin, test: (id: string) => ids.has(id) };
}

const everyPage = modulesOfEveryPage();

/**
 * Each lazy import in a chunk carries the list of files to preload with it (Vite's __vite__mapDeps),
 * so a route's chunks arrive side by side instead of one import after another. The entry holds the
 * imports of every route, the back office's hundred included: those lists were 9 KB gzip of every
 * public page's first JavaScript. A list can leave out what is certain to be loaded or requested by
 * then: the chunks the importing chunk itself imports (it is running), and, for a route under a
 * layout route (/admin/..., /traveler/..., the public pages), the chunks of the layout's component,
 * which the router fetches with the route's (a layout's own list preloads them).
 */
function trimmedPreloadLists() {
  const chunks = new Map<string, { imports: string[]; facadeModuleId: string | null }>();
  const staticClosure = (fileName: string, into = new Set<string>()) => {
    if (into.has(fileName)) return into;
    into.add(fileName);
    for (const imported of chunks.get(fileName)?.imports ?? []) staticClosure(imported, into);
    return into;
  };
  const routeFile = /\/src\/routes\/(.+?)\.tsx\?tsr-split=/;
  const layoutComponents = new Map<string, string>();
  /** The chunk of the component of the layout route a route chunk sits under (admin.tsx for admin/bookings/index.tsx). */
  const layoutOf = (fileName: string) => {
    const route = chunks.get(fileName)?.facadeModuleId?.match(routeFile)?.[1];
    if (!route) return undefined;
    const parts = route.split('/');
    for (let depth = parts.length - 1; depth > 0; depth -= 1) {
      const layout = layoutComponents.get(parts.slice(0, depth).join('/'));
      if (layout) return layout;
    }
    return undefined;
  };
  const plugin: Plugin = {
    name: 'trimmed-preload-lists',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    generateBundle: {
      // Before Vite's import analysis writes the lists (in its own generateBundle).
      order: 'pre',
      handler(_options, bundle) {
        chunks.clear();
        layoutComponents.clear();
        for (const file of Object.values(bundle)) {
          if (file.type !== 'chunk') continue;
          chunks.set(file.fileName, { imports: file.imports, facadeModuleId: file.facadeModuleId });
          const route = file.facadeModuleId?.match(routeFile)?.[1];
          if (route && file.facadeModuleId!.endsWith('=component')) layoutComponents.set(route, file.fileName);
        }
      },
    },
  };
  const resolveDependencies = (fileName: string, deps: string[], { hostId }: { hostId: string }) => {
    const loaded = staticClosure(hostId);
    const layout = layoutOf(fileName);
    if (layout && layout !== fileName) staticClosure(layout, loaded);
    return deps.filter((dep) => dep === fileName || !loaded.has(dep));
  };
  return { plugin, resolveDependencies };
}

const preloadLists = trimmedPreloadLists();

export default defineConfig({
  plugins: [
    // The router plugin generates src/routeTree.gen.ts and must run before React's transform.
    tanstackRouter({
      target: 'react',
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
      quoteStyle: 'single',
      autoCodeSplitting: true,
    }),
    // The same routes without the back office and the traveler portal: the tree public pages start
    // with (src/app/route-trees.ts), so their entry holds none of those routes' definitions.
    tanstackRouterGenerator({
      target: 'react',
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.public.gen.ts',
      routeFileIgnorePattern: '^(admin|traveler)(\\.tsx)?$',
      quoteStyle: 'single',
    }),
    react(),
    preloadFirstScreenFonts(),
    fontsWithoutLayoutShift(),
    dropUnusedMantineRules(),
    everyPage.plugin,
    preloadLists.plugin,
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)), '@shared': fileURLToPath(new URL('./shared', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // One stylesheet for the whole app (Mantine's, the fonts' and every CSS module, ~54 KB gzip):
    // a server-rendered page paints styled from it alone, without a render-blocking request per
    // route's CSS, and moving between pages never waits for a route's styles.
    cssCodeSplit: false,
    manifest: true,
    modulePreload: { resolveDependencies: preloadLists.resolveDependencies },
    rolldownOptions: {
      output: {
        // Libraries change far less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            // Loaded after a public page's first paint (tests/e2e/first-paint.spec.ts holds them back by these names).
            { name: 'supabase-js', test: /node_modules[\\/]@supabase[\\/]/ },
            { name: 'dexie', test: /node_modules[\\/]dexie[\\/]/ },
            { name: 'tanstack', test: /node_modules[\\/]@tanstack[\\/]/ },
            // What every page runs (see modulesOfEveryPage). It holds the entry module, so it is the entry's chunk, index-*.js.
            { name: 'entry', test: everyPage.test },
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: backend, changeOrigin: true }])),
  },
});
