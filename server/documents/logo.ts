import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';
import { validateObjectName } from '../platform/storage/model.ts';
import type { Logo } from './types.ts';

/** A logo larger than this is not a logo; the name is printed instead. */
const maxLogoBytes = 5 * 1024 * 1024;
const publicObject = /^\/storage\/v1\/object\/public\/([a-z0-9_-]+)\/(.+)$/i;

/** Where on this server's disk a logo address points: a public storage object, or a file of the built app. */
function logoFile(config: Config, url: string): string | null {
  let address: string;
  try {
    const parsed = new URL(url, config.siteUrl);
    // Only our own files: nothing is fetched from elsewhere while a document is drawn.
    if (parsed.origin !== new URL(config.siteUrl).origin) return null;
    address = decodeURIComponent(parsed.pathname);
  } catch {
    return null;
  }
  const object = publicObject.exec(address);
  try {
    if (object) return path.join(config.dataDir, 'storage', object[1], ...validateObjectName(object[2]).split('/'));
    return path.join(config.distDir, ...validateObjectName(address.replace(/^\/+/, '')).split('/'));
  } catch {
    return null;
  }
}

/**
 * The branding's logo, when it is a PNG or a JPEG on this server (told by its bytes, not its name);
 * else null, and the document prints the company's name in the brand colour.
 */
export async function loadLogo(config: Config, url: string | null): Promise<Logo | null> {
  const file = url ? logoFile(config, url) : null;
  if (!file) return null;
  const bytes = await readFile(file).catch(() => null);
  if (!bytes || bytes.length > maxLogoBytes) return null;
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return { kind: 'png', bytes };
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { kind: 'jpg', bytes };
  return null;
}
