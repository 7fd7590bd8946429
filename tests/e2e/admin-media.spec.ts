import sharp from 'sharp';
import { expect, test } from './fixtures.ts';
import { adminToken, api, openSignedIn, rest, staffCredentials } from './rest-api.ts';
import { saveScreenshot } from './screenshots.ts';

/**
 * The media library: an editor uploads pictures (a file of the wrong type and one over the limit are
 * refused beside the upload, and write nothing), gives one its alt text, uses it as a tour's cover,
 * and the public page serves its sizes through srcset. Deleting it while used is refused.
 */

test('an editor uploads a picture, describes it, makes it a tour’s cover; the page serves its sizes; deleting it while used is refused', async ({ page, request }) => {
  test.setTimeout(120_000);
  const editor = (await staffCredentials()).find((person) => person.role === 'editor')!;
  const stamp = Date.now().toString(36);
  const a = await api(request);
  const admin = await adminToken(a);
  const title = `Mikumi Elephant Day ${stamp}`;
  const [tour] = await rest<{ id: string; slug: string }[]>(a, admin, 'POST', 'tours', { slug: `mikumi-elephant-day-${stamp}`, title, status: 'active', base_price: 250, duration_days: 1, duration_nights: 0 });
  const filesNamed = (name: string) => rest<{ id: string }[]>(a, admin, 'GET', `media_files?select=id&file_name=eq.${encodeURIComponent(name)}`);

  const photo = await sharp({ create: { width: 2000, height: 1200, channels: 3, background: { r: 190, g: 140, b: 70 } } }).jpeg().toBuffer();
  const photoName = `elephants-${stamp}.jpg`;
  await openSignedIn(page, editor.email, editor.password, '/admin/media');
  await expect(page.getByRole('heading', { name: 'Media', level: 1 })).toBeVisible({ timeout: 15_000 });
  // The demo company's library: photos in their sizes, two still waiting for alt text.
  await expect(page.getByRole('article', { name: 'serengeti.jpg' })).toContainText('sizes 480, 960, 1600');
  await expect(page.getByRole('article', { name: 'serengeti.jpg' }).getByRole('textbox', { name: 'Alt text' })).toHaveValue(/^Landscape of Serengeti/);
  // As many as the library has without alt text: the demo's two, and any an earlier test left.
  const waiting = await rest<{ id: string }[]>(a, admin, 'GET', 'media_files?select=id&alt_text=is.null');
  expect(waiting.length).toBeGreaterThanOrEqual(2);
  await expect(page.getByText('Needs alt text before use')).toHaveCount(waiting.length);
  await page.locator('input[type=file]').setInputFiles([
    { name: photoName, mimeType: 'image/jpeg', buffer: photo },
    { name: `notes-${stamp}.txt`, mimeType: 'text/plain', buffer: Buffer.from('not a picture') },
    { name: `huge-${stamp}.jpg`, mimeType: 'image/jpeg', buffer: Buffer.alloc(10 * 1024 * 1024 + 1) },
  ]);
  const uploads = page.getByRole('list', { name: 'Uploads' });
  await expect(uploads.getByRole('listitem').filter({ hasText: `notes-${stamp}.txt` })).toContainText('Only JPEG, PNG, WebP, GIF, SVG or AVIF pictures go in the library');
  await expect(uploads.getByRole('listitem').filter({ hasText: `huge-${stamp}.jpg` })).toContainText('The file is over 10 MB, the library’s limit');
  const card = page.getByRole('article', { name: photoName });
  await expect(card).toContainText('2000 × 1200', { timeout: 30_000 });
  await expect(card).toContainText('sizes 480, 960, 1600');
  await expect(card.getByText('Needs alt text before use')).toBeVisible();
  expect(await filesNamed(`notes-${stamp}.txt`)).toEqual([]);
  expect(await filesNamed(`huge-${stamp}.jpg`)).toEqual([]);

  // Alt text: needed, then saved.
  const alt = card.getByRole('form', { name: `Alt text of ${photoName}` });
  await alt.getByRole('textbox', { name: 'Alt text' }).fill('   ');
  await alt.getByRole('textbox', { name: 'Alt text' }).press('Enter');
  await expect(alt.getByText('Describe the picture for people who cannot see it')).toBeVisible();
  await alt.getByRole('textbox', { name: 'Alt text' }).fill(`Elephants crossing the Mkata plain ${stamp}`);
  await alt.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Alt text saved')).toBeVisible();
  await expect(card.getByText('Needs alt text before use')).toHaveCount(0);
  await saveScreenshot(page, 'admin-media');

  // The tour's cover, chosen from the library.
  await page.goto(`/admin/tours/${tour.id}`);
  await page.getByRole('button', { name: 'Choose from the library' }).click();
  await page.getByRole('dialog').getByRole('textbox', { name: 'Search pictures' }).fill(stamp);
  await page.getByRole('button', { name: `Use Elephants crossing the Mkata plain ${stamp}` }).click();
  await expect(page.getByRole('textbox', { name: 'Cover picture' })).toHaveValue(/\/storage\/v1\/object\/public\/media\/library\/[0-9a-f-]{36}\/1600\.jpg$/);
  const cover = await page.getByRole('textbox', { name: 'Cover picture' }).inputValue();
  // And in the gallery.
  await page.getByRole('button', { name: 'Add a picture' }).click();
  await page.getByRole('dialog').getByRole('textbox', { name: 'Search pictures' }).fill(stamp);
  await page.getByRole('button', { name: `Use Elephants crossing the Mkata plain ${stamp}` }).click();
  await expect(page.getByRole('list', { name: 'Gallery' }).getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText(`${title} saved`)).toBeVisible();

  // The public page: the sizes through srcset, preloaded as the browser will pick them.
  const folder = cover.replace(/1600\.jpg$/, '');
  const html = await (await request.get(`/tours/${tour.slug}`)).text();
  expect(html).toContain(`imagesrcset="${folder}480.webp 480w, ${folder}960.webp 960w, ${folder}1600.webp 1600w"`);
  // HTML's attribute names have no case: React writes srcSet.
  expect(html.toLowerCase()).toMatch(/<picture class="[^"]+"><source type="image\/webp" /);
  expect(html.toLowerCase()).toContain(`<source type="image/webp" srcset="${folder}480.webp 480w, ${folder}960.webp 960w, ${folder}1600.webp 1600w" sizes="100vw"/>`);
  expect(html.toLowerCase()).toContain(`srcset="${folder}480.jpg 480w, ${folder}960.jpg 960w, ${folder}1600.jpg 1600w"`);
  expect(html.toLowerCase()).toContain(`<source type="image/webp" srcset="${folder}480.webp 480w, ${folder}960.webp 960w, ${folder}1600.webp 1600w" sizes="(min-width: 48em) 33vw, 50vw"/>`);
  for (const size of ['480.webp', '960.webp', '1600.webp', '480.jpg', '960.jpg', '1600.jpg']) {
    const answer = await request.get(`${folder}${size}`);
    expect(answer.status(), size).toBe(200);
    const { width } = await sharp(await answer.body()).metadata();
    expect(width, size).toBe(Number(size.split('.')[0]));
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/tours/${tour.slug}`);
  const hero = page.locator('picture img').first();
  await expect(hero).toHaveJSProperty('complete', true);
  expect(await hero.evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(/\/library\/[0-9a-f-]{36}\/(480|960|1600)\.webp$/);

  // In use: deleting it is refused, and says where.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin/media');
  const used = page.getByRole('article', { name: photoName });
  await expect(used.getByTestId('media-uses')).toContainText(`Used by the tour “${title}”`);
  await used.getByRole('button', { name: `Delete ${photoName}` }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText(`Used by the tour “${title}”: remove it there first`)).toBeVisible();
  await expect(page.getByRole('article', { name: photoName })).toBeVisible();
  expect(await filesNamed(photoName)).toHaveLength(1);
  await rest(a, admin, 'PATCH', `tours?id=eq.${tour.id}`, { status: 'archived' });
});
