import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PageDataDocument } from '../../shared/page-data.ts';
import type { RenderedPage } from '../../shared/rendered-page.ts';
import type { Route } from './routes.ts';

/** src/entry-server.tsx as scripts/build.mjs builds it, beside the server bundle. */
interface Renderer {
  loadRouteChunks(): Promise<void>;
  renderPage(url: string, pageData: PageDataDocument): Promise<RenderedPage | null>;
}

/** A page slower than this to render goes out as the plain shell; the browser renders it as before. */
const RENDER_TIMEOUT_MS = 2_000;

/** The public pages: portal, back office, sign-in and booking pages stay client-rendered. */
export function isServerRendered(route: Route): boolean {
  return ['home', 'static', 'tour', 'destination', 'experience', 'post', 'blog-category', 'blog-tag', 'content'].includes(route.kind);
}

/** A page rendered, or null when it is the browser's to render, failed, or could not be rendered in time. */
export type RenderPage = (url: string, pageData: PageDataDocument) => Promise<RenderedPage | null>;

/**
 * The renderer of the built app (dist-server/ssr/), or null when there is none (the server run from
 * its sources) or it fails to load: pages are then the plain shell. Resolves to null for a page that fails or takes too
 * long, which is logged.
 */
export async function loadRenderer(log: (message: string, fields: Record<string, unknown>) => void): Promise<RenderPage | null> {
  const file = new URL('./ssr/entry-server.js', import.meta.url);
  if (file.protocol !== 'file:' || !existsSync(fileURLToPath(file))) return null;
  let renderer: Renderer;
  try {
    renderer = (await import(file.href)) as Renderer;
    await renderer.loadRouteChunks();
  } catch (error) {
    log('page renderer failed to load', { error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    return null;
  }
  return async (url, pageData) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timed out'>((resolve) => (timer = setTimeout(() => resolve('timed out'), RENDER_TIMEOUT_MS)));
    try {
      const rendered = await Promise.race([renderer.renderPage(url, pageData), timeout]);
      if (rendered === 'timed out') {
        log('page render timed out', { url });
        return null;
      }
      return rendered;
    } catch (error) {
      log('page render failed', { url, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
      return null;
    } finally {
      clearTimeout(timer);
    }
  };
}
