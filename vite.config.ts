import { createHash } from 'node:crypto';
import { fileURLToPath, URL } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import postcss from 'postcss';
import { defineConfig, type Plugin, type ResolveModulePreloadDependenciesFn, type Rolldown } from 'vite';

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
 * Vite preloads a dynamic import's chunk together with every chunk it imports, from a list in the
 * importing chunk (__vite__mapDeps). The chunks the importer itself imports statically are already
 * there when its code runs: the entry's React, router and Mantine core are in almost every list.
 * Leaving them out shortens the entry by 200 file indices. `resolveDependencies` is called while
 * the bundle is written; this plugin's own generateBundle runs first and keeps the bundle for it.
 */
function preloadOnlyWhatIsMissing() {
  let bundle: Rolldown.OutputBundle | undefined;
  const loadedWith = new Map<string, Set<string>>();
  const staticClosure = (fileName: string): Set<string> => {
    let closure = loadedWith.get(fileName);
    if (closure) return closure;
    closure = new Set();
    const visit = (name: string) => {
      const chunk = bundle?.[name];
      if (closure!.has(name) || chunk?.type !== 'chunk') return;
      closure!.add(name);
      chunk.imports.forEach(visit);
    };
    visit(fileName);
    loadedWith.set(fileName, closure);
    return closure;
  };
  const plugin: Plugin = {
    name: 'preload-only-what-is-missing',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, output) {
        bundle = output;
        loadedWith.clear();
      },
    },
  };
  const resolveDependencies: ResolveModulePreloadDependenciesFn = (_fileName, deps, { hostId }) => {
    const loaded = staticClosure(hostId);
    return deps.filter((dep) => !loaded.has(dep));
  };
  return { plugin, resolveDependencies };
}

const preloads = preloadOnlyWhatIsMissing();

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
    react(),
    preloadFirstScreenFonts(),
    fontsWithoutLayoutShift(),
    dropUnusedMantineRules(),
    preloads.plugin,
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
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
    modulePreload: { resolveDependencies: preloads.resolveDependencies },
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
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: backend, changeOrigin: true }])),
  },
});
