import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Queryable } from '../db/types.ts';
import { faviconSvg, landscapeSvg, logoSvg, portraitSvg, wordmarkSvg, type Palette, type Scene } from './images.ts';

const bucket = 'media';

/**
 * The seed's pictures as objects of the public 'media' bucket: bytes on disk under
 * DATA_DIR/storage/media and a storage.objects row each. Methods return the site-relative public
 * URL to store in image columns.
 */
export class MediaLibrary {
  private readonly files = new Map<string, string>();

  get size(): number {
    return this.files.size;
  }

  private add(name: string, svg: string): string {
    this.files.set(name, svg);
    return `/storage/v1/object/public/${bucket}/${name}`;
  }

  landscape(name: string, scene: Scene, seed: string, title: string, palette?: Palette): string {
    return this.add(name, landscapeSvg({ scene, seed, title, palette }));
  }

  portrait(name: string, fullName: string): string {
    return this.add(name, portraitSvg(fullName));
  }

  wordmark(name: string, label: string): string {
    return this.add(name, wordmarkSvg(label));
  }

  brand(): { logo: string; logoLight: string; favicon: string } {
    return {
      logo: this.add('brand/logo.svg', logoSvg('dark')),
      logoLight: this.add('brand/logo-light.svg', logoSvg('light')),
      favicon: this.add('brand/favicon.svg', faviconSvg()),
    };
  }

  async writeTo(dataDir: string): Promise<void> {
    const root = path.join(dataDir, 'storage', bucket);
    await Promise.all(
      [...this.files].map(async ([name, svg]) => {
        const file = path.join(root, ...name.split('/'));
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(file, svg);
      }),
    );
  }

  /** The storage.objects rows, in the metadata shape the storage API writes for uploads. */
  async register(tx: Queryable): Promise<void> {
    const now = new Date();
    const rows = [...this.files].map(([name, svg]) => {
      const bytes = Buffer.from(svg);
      return {
        name,
        metadata: {
          mimetype: 'image/svg+xml',
          size: bytes.byteLength,
          eTag: `"${createHash('sha1').update(bytes).digest('hex')}"`,
          cacheControl: 'max-age=3600',
          lastModified: now.toUTCString(),
          contentLength: bytes.byteLength,
          httpStatusCode: 200,
        },
      };
    });
    await tx.query(
      `insert into storage.objects (bucket_id, name, metadata)
       select $1, r.name, r.metadata from json_to_recordset($2::json) as r(name text, metadata jsonb)
       on conflict (bucket_id, name) do update set metadata = excluded.metadata, updated_at = now()`,
      [bucket, JSON.stringify(rows)],
    );
  }
}
