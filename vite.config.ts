import { fileURLToPath, URL } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// In development the app runs on Vite's server; everything the backend serves goes to `npm start`'s server.
const backend = process.env.BACKEND_URL ?? 'http://localhost:3000';
const proxied = ['/auth', '/rest', '/storage', '/api'];

/**
 * Preloads the fonts the first screen sets its text in (body regular and bold, headings bold, latin),
 * so they arrive with the script instead of after it and the text does not jump when they swap in.
 */
function preloadFirstScreenFonts(): Plugin {
  const firstScreen = /^assets\/(dm-sans-latin-(400|700)|domine-latin-700)-normal-[\w-]+\.woff2$/;
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
