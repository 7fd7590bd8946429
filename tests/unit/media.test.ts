import { describe, expect, it } from 'vitest';
import { altProblem, fileSize, mediaUrl, thumbnailUrl, uploadProblem } from '@/features/admin/media/model.ts';
import { libraryImage } from '@shared/media.ts';

const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
const folder = `/storage/v1/object/public/media/library/${id}`;

describe('a library picture on a public page', () => {
  it('offers every size up to the one content keeps, as WebP and as its fallback', () => {
    expect(libraryImage(`${folder}/1600.jpg`)).toEqual({
      src: `${folder}/1600.jpg`,
      srcSet: `${folder}/480.jpg 480w, ${folder}/960.jpg 960w, ${folder}/1600.jpg 1600w`,
      webpSrcSet: `${folder}/480.webp 480w, ${folder}/960.webp 960w, ${folder}/1600.webp 1600w`,
    });
    expect(libraryImage(`https://kilele.example${folder}/960.png`)?.srcSet).toBe(`https://kilele.example${folder}/480.png 480w, https://kilele.example${folder}/960.png 960w`);
    // Narrower than the smallest size: one size, its own width.
    expect(libraryImage(`${folder}/300.png`)?.webpSrcSet).toBe(`${folder}/300.webp 300w`);
  });

  it('leaves other pictures as they are', () => {
    expect(libraryImage('/images/tours/serengeti.jpg')).toBeNull();
    expect(libraryImage(`${folder}/original.gif`)).toBeNull();
    expect(libraryImage(null)).toBeNull();
  });
});

describe('the media library’s checks', () => {
  it('refuses what the bucket refuses, in the server’s words', () => {
    expect(uploadProblem({ size: 1000, type: 'application/pdf' })).toBe('Only JPEG, PNG, WebP, GIF, SVG or AVIF pictures go in the library');
    expect(uploadProblem({ size: 10 * 1024 * 1024 + 1, type: 'image/jpeg' })).toBe('The file is over 10 MB, the library’s limit');
    expect(uploadProblem({ size: 10 * 1024 * 1024, type: 'image/webp' })).toBeNull();
  });

  it('needs alt text of a reasonable length', () => {
    expect(altProblem('  ')).toBe('Describe the picture for people who cannot see it');
    expect(altProblem('x'.repeat(301))).toBe('Keep it under 300 characters');
    expect(altProblem('Two lions in the grass')).toBeNull();
  });

  it('keeps the largest size’s URL in content and shows the smallest as a thumbnail', () => {
    const file = { id, object_path: `library/${id}/original.jpeg`, widths: [480, 960, 1600], fallback: 'jpg' };
    expect(mediaUrl(file)).toBe(`${folder}/1600.jpg`);
    expect(thumbnailUrl(file)).toBe(`${folder}/480.webp`);
    const gif = { id, object_path: `library/${id}/original.gif`, widths: [], fallback: null };
    expect(mediaUrl(gif)).toBe(`${folder}/original.gif`);
    expect(thumbnailUrl(gif)).toBe(`${folder}/original.gif`);
    expect(fileSize(2_500_000)).toBe('2.4 MB');
  });
});
