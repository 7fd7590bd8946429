import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../server/config.ts';
import { renderInvoice } from '../../server/documents/invoice.ts';
import { loadLogo } from '../../server/documents/logo.ts';
import { formatAmount, formatMoney } from '../../server/documents/money.ts';
import { renderReceipt } from '../../server/documents/receipt.ts';
import { renderRefundNote } from '../../server/documents/refund-note.ts';
import { brandColour, contrastWithWhite, readableOnWhite } from '../../server/documents/sheet.ts';
import { printable } from '../../server/documents/text.ts';
import type { InvoiceData, ReceiptData, RefundNoteData } from '../../server/documents/types.ts';
import { pdfText } from '../helpers/pdf-text.ts';

const data: Omit<InvoiceData, 'invoice'> = {
  today: '2026-11-28',
  company: { name: 'Kilele Safaris', tagline: null, address: 'Arusha, Tanzania', phone: '+255 27 250 0000', email: 'hello@example.com', logo_url: null, primary_color: '#2f5d50' },
  bank: { bank_name: 'CRDB Bank', account_name: 'Kilele Safaris Ltd', account_number: '0150123456700', swift_code: 'CORUTZTZ', branch: null, currency: 'USD' },
  booking: {
    id: 'b',
    reference: 'KS-2026-ABCDE-FGHJK',
    status: 'confirmed',
    currency: 'USD',
    booked_on: '2026-11-20',
    adults: 3,
    children: 0,
    travelers: ['Zoë Dubois', 'Łukasz Wójcik', 'Nguyễn Văn An'],
    client: { name: 'Łukasz Wójcik', email: 'lukasz@example.com', phone: null },
  },
  tour: { title: 'Serengeti Classic' },
  departure: { start_date: '2027-03-12', end_date: '2027-03-18' },
  lines: [
    { label: 'Adults', quantity: 3, unit_price: '418.80', amount: '1256.40' },
    { label: 'Bush dinner — Nguyễn’s surprise', quantity: 1, unit_price: '0.10', amount: '0.10' },
  ],
  total: '1256.50',
  paid: '0.30',
  balance: '1256.20',
  deposit_due: '0.00',
  balance_due: '1256.20',
  balance_due_date: '2027-02-10',
  pay_in_full: false,
  payments: [{ id: 'p', amount: '0.30', currency: 'USD', method: 'mobile_money', paid_on: '2026-11-21', reference: null }],
};

describe('amounts', () => {
  it('are written from their decimal text, grouped, to the cent, with no float on the way', () => {
    expect(formatAmount('1256.4')).toBe('1,256.40');
    expect(formatAmount('0.30')).toBe('0.30');
    expect(formatAmount('1234567.05')).toBe('1,234,567.05');
    expect(formatAmount('99999999999999.99')).toBe('99,999,999,999,999.99');
    expect(formatAmount('-100')).toBe('-100.00');
    expect(formatAmount('-0.00')).toBe('0.00');
    expect(formatAmount('12.500')).toBe('12.50');
    expect(formatMoney('942.3', 'TZS')).toBe('TZS 942.30');
    expect(() => formatAmount('12.345')).toThrow(/cent/);
    expect(() => formatAmount('1e3')).toThrow();
  });
});

describe('names the standard font cannot spell', () => {
  it('are printed as near as it can, never an error', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    expect(printable(font, 'Zoë')).toBe('Zoë');
    expect(printable(font, 'Łukasz Wójcik')).toBe('Lukasz Wójcik');
    expect(printable(font, 'Nguyễn Văn An')).toBe('Nguyen Van An');
    expect(printable(font, 'Đặng Thị Hương')).toBe('Dang Thi Huong');
    expect(printable(font, 'Ørsted – “Æsir”')).toBe('Ørsted – “Æsir”');
    expect(printable(font, '李雷 ☃')).toBe('?? ?');
    expect(printable(font, 'Jean‑Luc\u202f−\u20095')).toBe('Jean-Luc - 5');
    expect(() => font.widthOfTextAtSize(printable(font, 'Łukasz 李 Nguyễn\n'), 10)).not.toThrow();
  });

  it('leave a cancelled booking’s invoice with nothing to pay and no bank details to pay it by', async () => {
    const cancelled = await pdfText(await renderInvoice({ ...data, booking: { ...data.booking, status: 'cancelled' }, invoice: { number: 'INV-2026-00008', issued_on: '2026-11-28' } }, null));
    expect(cancelled).toContain('This booking is cancelled: nothing more is to be paid.');
    expect(cancelled).toContain('USD 0.30');
    expect(cancelled).not.toContain('Balance to pay');
    expect(cancelled).not.toContain('Pay by bank transfer');
    const open = await pdfText(await renderInvoice({ ...data, invoice: { number: 'INV-2026-00007', issued_on: '2026-11-28' } }, null));
    expect(open).toContain('Balance to pay');
    expect(open).toContain('Pay by bank transfer');
  });

  it('do not stop an invoice or a receipt from being drawn', async () => {
    const invoice = await pdfText(await renderInvoice({ ...data, invoice: { number: 'INV-2026-00007', issued_on: '2026-11-28' } }, null));
    expect(invoice).toContain('Lukasz Wójcik');
    expect(invoice).toContain('Zoë Dubois');
    expect(invoice).toContain('Nguyen Van An');
    expect(invoice).toContain('USD 1,256.50');
    expect(invoice).toContain('1,256.40');
    expect(invoice).toContain('USD 0.30');
    expect(invoice).toContain('10 February 2027');
    const receipt: ReceiptData = {
      ...data,
      receipt: { number: 'KS-2026-ABCDE-FGHJK-R1', payment_id: 'p', amount: '0.30', currency: 'USD', method: 'mobile_money', paid_on: '2026-11-21', reference: null, paid_to_date: '0.30', left_to_pay: '1256.20' },
    };
    const text = await pdfText(await renderReceipt(receipt, null));
    expect(text).toContain('Mobile money');
    expect(text).toContain('USD 1,256.20, due by 10 February 2027');
  });
});

describe('a refund note', () => {
  const refund: RefundNoteData['refund'] = {
    number: 'KS-2026-ABCDE-FGHJK-RF2',
    payment_id: 'p',
    amount: '1256.2',
    currency: 'USD',
    method: 'mobile_money',
    refunded_on: '2026-11-27',
    reference: 'MP-RF-0042',
    paid_to_date: '1256.50',
    refunded_to_date: '1256.20',
    left_to_pay: '1256.20',
  };

  it('says what was returned, how, when, with its reference, for which trip, and the account after it', async () => {
    const text = await pdfText(await renderRefundNote({ ...data, refund }, null));
    expect(text).toContain('REFUND');
    expect(text).toContain('KS-2026-ABCDE-FGHJK-RF2');
    expect(text).toContain('USD 1,256.20');
    expect(text).toContain('Mobile money');
    expect(text).toContain('27 November 2026');
    expect(text).toContain('MP-RF-0042');
    expect(text).toContain('Serengeti Classic');
    expect(text).toContain('12 March 2027 to 18 March 2027');
    expect(text).toContain('Lukasz Wójcik');
    expect(text).toContain('Total price');
    expect(text).toContain('USD 1,256.50');
    expect(text).toContain('Refunded to date');
    expect(text).toContain('USD 1,256.20, due by 10 February 2027');
  });

  it('has no reference line without a reference, and a closed booking owes nothing', async () => {
    const text = await pdfText(
      await renderRefundNote({ ...data, booking: { ...data.booking, status: 'cancelled' }, refund: { ...refund, method: 'bank_transfer', reference: null, left_to_pay: '0.00' } }, null),
    );
    expect(text).toContain('Bank transfer');
    expect(text).not.toContain('Refund reference');
    expect(text).toContain('Nothing: this booking is cancelled');
  });
});

describe('headings in the brand colour', () => {
  it('measure contrast against white as WCAG does', () => {
    expect(contrastWithWhite(brandColour('#000000'))).toBeCloseTo(21, 5);
    expect(contrastWithWhite(brandColour('#ffffff'))).toBeCloseTo(1, 5);
    // WCAG's own example: #767676 is the lightest grey that reads on white.
    expect(contrastWithWhite(brandColour('#767676'))).toBeCloseTo(4.54, 2);
  });

  it('keep a brand colour dark enough to read as it is', () => {
    for (const colour of ['#2f5d50', '#1c3d5a', '#000']) expect(readableOnWhite(brandColour(colour))).toEqual(brandColour(colour));
  });

  it('darken a light brand colour, keeping its hue, just until it reads at 4.5:1', () => {
    for (const colour of ['#e39f48', '#ffd700', '#f0e68c', '#fff', '#7fffd4']) {
      const light = brandColour(colour);
      const readable = readableOnWhite(light);
      expect(contrastWithWhite(light), colour).toBeLessThan(4.5);
      expect(contrastWithWhite(readable), colour).toBeGreaterThanOrEqual(4.5);
      // No darker than it needs to be.
      expect(contrastWithWhite(readable), colour).toBeLessThan(4.55);
      // The same hue: every channel scaled by the same factor.
      const k = readable.red / light.red;
      expect(readable.green, colour).toBeCloseTo(light.green * k, 6);
      expect(readable.blue, colour).toBeCloseTo(light.blue * k, 6);
    }
  });
});

describe('the logo', () => {
  let config: Config;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'documents-'));
    config = loadConfig({}, { dataDir, distDir: path.join(dataDir, 'dist'), siteUrl: 'http://localhost:3000' });
    await mkdir(path.join(dataDir, 'storage', 'media', 'brand'), { recursive: true });
    const png = await sharp({ create: { width: 320, height: 80, channels: 4, background: '#2f5d50' } }).png().toBuffer();
    await writeFile(path.join(dataDir, 'storage', 'media', 'brand', 'logo.png'), png);
    await writeFile(path.join(dataDir, 'storage', 'media', 'brand', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is embedded when it is a PNG or a JPEG of our own, and the name is printed otherwise', async () => {
    const logo = await loadLogo(config, '/storage/v1/object/public/media/brand/logo.png');
    expect(logo?.kind).toBe('png');
    expect(await loadLogo(config, 'http://localhost:3000/storage/v1/object/public/media/brand/logo.png')).not.toBeNull();
    expect(await loadLogo(config, '/storage/v1/object/public/media/brand/logo.svg')).toBeNull();
    expect(await loadLogo(config, '/storage/v1/object/public/media/../../../etc/passwd')).toBeNull();
    expect(await loadLogo(config, 'https://elsewhere.example/logo.png')).toBeNull();
    expect(await loadLogo(config, null)).toBeNull();
    const withLogo = await PDFDocument.load(await renderInvoice({ ...data, invoice: { number: 'INV-2026-00007', issued_on: '2026-11-28' } }, logo));
    const without = await renderInvoice({ ...data, invoice: { number: 'INV-2026-00007', issued_on: '2026-11-28' } }, null);
    expect(await pdfText(without)).toContain('Kilele Safaris');
    expect((await withLogo.save()).length).toBeGreaterThan(without.length);
  });
});
