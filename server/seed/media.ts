import { createHash, randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { prepare } from '../api/media.ts';
import type { Queryable } from '../platform/db/types.ts';
import { faviconSvg, landscapeSvg, logoSvg, portraitSvg, wordmarkSvg, type Palette, type Scene } from './images.ts';

const bucket = 'media';

/**
 * The seed's pictures as objects of the public 'media' bucket: bytes on disk under
 * DATA_DIR/storage/media and a storage.objects row each. Methods return the site-relative public
 * URL to store in image columns.
 */
/** A photo of the media library's demo: its row, and its objects once made. */
interface LibraryPhoto {
  id: string;
  fileName: string;
  alt: string | null;
  svg: string;
  row?: { bytes: number; width: number | null; height: number | null; widths: number[]; fallback: string | null };
  objects?: { name: string; type: string; body: Uint8Array }[];
}

export class MediaLibrary {
  private readonly files = new Map<string, string>();
  private readonly photos: LibraryPhoto[] = [];

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

  /**
   * A photo for the media library screen, made as an upload is (server/api/media.ts): the landscape
   * drawn as a 1600 px JPEG, then its sizes. alt null: one still waiting for its description.
   */
  libraryPhoto(fileName: string, scene: Scene, seed: string, title: string, alt: string | null): void {
    this.photos.push({ id: randomUUID(), fileName, alt, svg: landscapeSvg({ scene, seed, title }) });
  }

  async writeTo(dataDir: string): Promise<void> {
    const root = path.join(dataDir, 'storage', bucket);
    const write = async (name: string, body: string | Uint8Array) => {
      const file = path.join(root, ...name.split('/'));
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
    };
    await Promise.all([...this.files].map(([name, svg]) => write(name, svg)));
    // One photo at a time: each keeps sharp busy on every core.
    for (const photo of this.photos) {
      const jpeg = await sharp(Buffer.from(photo.svg)).resize({ width: 1600 }).jpeg({ quality: 88 }).toBuffer();
      const made = await prepare('image/jpeg', jpeg);
      const folder = `library/${photo.id}`;
      const original = made.original ?? jpeg;
      photo.row = { bytes: original.byteLength, width: made.width, height: made.height, widths: made.widths, fallback: made.fallback };
      photo.objects = [{ name: `${folder}/original.jpg`, type: 'image/jpeg', body: original }, ...made.sizes.map((size) => ({ name: `${folder}/${size.file}`, type: size.type, body: size.body }))];
      await Promise.all(photo.objects.map((object) => write(object.name, object.body)));
    }
  }

  /** The storage.objects rows, in the metadata shape the storage API writes for uploads, and the library's rows. */
  async register(tx: Queryable): Promise<void> {
    const now = new Date();
    const objectRow = (name: string, mimetype: string, bytes: Uint8Array, cacheControl: string) => ({
      name,
      metadata: {
        mimetype,
        size: bytes.byteLength,
        eTag: `"${createHash('sha1').update(bytes).digest('hex')}"`,
        cacheControl,
        lastModified: now.toUTCString(),
        contentLength: bytes.byteLength,
        httpStatusCode: 200,
      },
    });
    const rows = [
      ...[...this.files].map(([name, svg]) => objectRow(name, 'image/svg+xml', Buffer.from(svg), 'max-age=3600')),
      ...this.photos.flatMap((photo) => (photo.objects ?? []).map((object) => objectRow(object.name, object.type, object.body, 'max-age=31536000'))),
    ];
    await tx.query(
      `insert into storage.objects (bucket_id, name, metadata)
       select $1, r.name, r.metadata from json_to_recordset($2::json) as r(name text, metadata jsonb)
       on conflict (bucket_id, name) do update set metadata = excluded.metadata, updated_at = now()`,
      [bucket, JSON.stringify(rows)],
    );
    for (const photo of this.photos) {
      if (!photo.row) throw new Error('The library photos are made by writeTo before they are registered');
      await tx.query(
        `insert into public.media_files (id, object_path, file_name, mime_type, bytes, width, height, widths, fallback, alt_text)
         values ($1, $2, $3, 'image/jpeg', $4, $5, $6, $7::int[], $8, $9)`,
        [photo.id, `library/${photo.id}/original.jpg`, photo.fileName, photo.row.bytes, photo.row.width, photo.row.height, photo.row.widths, photo.row.fallback, photo.alt],
      );
    }
  }
}
