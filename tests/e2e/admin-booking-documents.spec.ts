import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { pdfAttachments, pdfText } from '../helpers/pdf-text.ts';
import { expect, test } from './fixtures.ts';
import { emailTo } from './mail.ts';
import { adminCredentials, adminToken, api, type Api, openSignedIn, rest } from './rest-api.ts';
import { saveScreenshot } from './screenshots.ts';

/**
 * A booking's invoice, receipts and refund notes from its page: the invoice and a refund note
 * downloaded at a desk (1280 px, mouse), a receipt emailed from a tablet (768 px, touch) and read back
 * from the real SMTP server's mail, PDF attached.
 */

interface Received {
  id: string;
  amount: number;
  currency: string;
  booking_id: string;
  bookings: { booking_reference: string; contact: { email?: string }; status: string };
}

/** A seeded booking with a payment received and a contact address; each repeat takes another. */
async function bookingWithPayment(a: Api, nth: number): Promise<Received> {
  const rows = await rest<Received[]>(
    a,
    await adminToken(a),
    'GET',
    'payments?select=id,amount,currency,booking_id,bookings!inner(booking_reference,contact,status)&status=eq.succeeded&bookings.status=eq.confirmed&order=created_at.desc&limit=20',
  );
  const usable = rows.filter((row) => row.bookings.contact?.email && row.currency === 'USD');
  expect(usable.length, 'seeded confirmed bookings with payments received').toBeGreaterThan(nth);
  return usable[nth];
}

/** Fully on screen and, on a touch screen, at least 44 px each way. */
async function expectReachable(page: Page, target: Locator, touch: boolean) {
  await expect(target).toBeVisible();
  const box = (await target.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  if (touch) {
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.width).toBeGreaterThanOrEqual(44);
  }
}

test('at a desk, the office downloads a booking’s invoice, and a refund’s note, as PDFs', async ({ browser, request }, testInfo) => {
  const a = await api(request);
  const payment = await bookingWithPayment(a, testInfo.repeatEachIndex * 2);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const admin = await adminCredentials();
  await openSignedIn(page, admin.email, admin.password, `/admin/bookings/${payment.booking_id}`);
  await expect(page.getByRole('heading', { name: `Booking ${payment.bookings.booking_reference}` })).toBeVisible({ timeout: 15_000 });

  const download = page.getByRole('button', { name: 'Download invoice' });
  await expectReachable(page, download, false);
  await expectReachable(page, page.getByRole('button', { name: 'Email invoice' }), false);
  await saveScreenshot(page, 'admin-booking-documents', { wholePage: false });
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toMatch(/^invoice-INV-\d{4}-\d{5}\.pdf$/);
  const bytes = await readFile((await file.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const text = await pdfText(new Uint8Array(bytes));
  expect(text).toContain(payment.bookings.booking_reference);
  expect(text).toContain(file.suggestedFilename().replace(/^invoice-|\.pdf$/g, ''));
  expect(text).toContain('Pay by bank transfer');

  // A refund sent (a seeded cancellation's), on a booking with only the one: its refund note.
  const refunds = await rest<Received[]>(
    a,
    await adminToken(a),
    'GET',
    'payments?select=id,amount,currency,booking_id,bookings!inner(booking_reference,contact,status)&status=eq.refunded&order=created_at&limit=50',
  );
  const refund = refunds.find((row) => refunds.filter((other) => other.booking_id === row.booking_id).length === 1);
  expect(refund, 'a seeded booking with one refund sent').toBeDefined();
  await page.goto(`/admin/bookings/${refund!.booking_id}`);
  await expect(page.getByRole('heading', { name: `Booking ${refund!.bookings.booking_reference}` })).toBeVisible({ timeout: 15_000 });
  const [note] = await Promise.all([page.waitForEvent('download'), page.getByTestId('payments').getByRole('button', { name: 'Download the refund note' }).click()]);
  expect(note.suggestedFilename()).toMatch(new RegExp(`^refund-note-${refund!.bookings.booking_reference}-RF\\d+\\.pdf$`));
  const noteBytes = await readFile((await note.path())!);
  expect(noteBytes.subarray(0, 5).toString()).toBe('%PDF-');
  const noteText = await pdfText(new Uint8Array(noteBytes));
  expect(noteText).toContain('REFUND');
  expect(noteText).toContain(`${refund!.currency} ${refund!.amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`);
  await context.close();
});

test('on a tablet, the office emails the receipt of a payment to the client', async ({ browser, request }, testInfo) => {
  const a = await api(request);
  const payment = await bookingWithPayment(a, testInfo.repeatEachIndex * 2 + 1);
  const context = await browser.newContext({ viewport: { width: 768, height: 1024 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const admin = await adminCredentials();
  await openSignedIn(page, admin.email, admin.password, `/admin/bookings/${payment.booking_id}`);
  await expect(page.getByRole('heading', { name: `Booking ${payment.bookings.booking_reference}` })).toBeVisible({ timeout: 15_000 });

  await expectReachable(page, page.getByRole('button', { name: 'Download invoice' }), true);
  await expectReachable(page, page.getByRole('button', { name: 'Email invoice' }), true);
  const ledger = page.getByTestId('payments');
  const receipt = ledger.getByRole('button', { name: 'Download the receipt' }).first();
  const email = ledger.getByRole('button', { name: 'Email the receipt' }).first();
  await expectReachable(page, receipt, true);
  await expectReachable(page, email, true);
  // Nothing runs off the side of the page.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
  await ledger.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'admin-booking-documents', { wholePage: false });

  await email.tap();
  await expect(page.getByText('The receipt is on its way to the client', { exact: false })).toBeVisible();
  const raw = await emailTo(payment.bookings.contact.email!, 'Subject: Receipt: ');
  expect(raw).toContain(`for booking ${payment.bookings.booking_reference}`);
  const [pdf] = pdfAttachments(raw);
  expect(pdf.filename).toMatch(new RegExp(`^receipt-${payment.bookings.booking_reference}-R\\d+\\.pdf$`));
  const text = await pdfText(pdf.bytes);
  expect(text).toContain('RECEIPT');
  expect(text).toContain(payment.bookings.booking_reference);
  // The booking's History says who sent what, to whom.
  await expect(page.getByTestId('history')).toContainText('emailed to the client');
  await context.close();
});
