import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyDay } from '../helpers/company-days.ts';
import { pdfAttachments, pdfText } from '../helpers/pdf-text.ts';
import { startSmtp, until, type SmtpSink } from '../helpers/smtp.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

// A booking's invoice and its receipts, downloaded over HTTP by whoever may have them and refused to
// everyone else, read back as text; and emailed to the client through a real SMTP server with the PDF
// attached.

let server: TestServer;
let smtp: SmtpSink;
let admin: SupabaseClient;
let owner: Awaited<ReturnType<TestServer['traveler']>>;
let other: Awaited<ReturnType<TestServer['traveler']>>;
let editor: Awaited<ReturnType<TestServer['staff']>>;
let booking: { id: string; booking_reference: string };
let payment: { id: string };
let bank: { account_number: string; bank_name: string };
const clientEmail = `zoe-${randomUUID().slice(0, 8)}@example.com`;

async function ok<T>(request: PromiseLike<{ data: unknown; error: { message: string } | null }>): Promise<T> {
  const { data, error } = await request;
  if (error) throw new Error(error.message);
  return data as T;
}

async function tokenOf(client: SupabaseClient): Promise<string> {
  const { data } = await client.auth.getSession();
  return data.session!.access_token;
}

/** GET a document as the client's user (or with only the anon key, or with nothing). */
async function download(path: string, as: SupabaseClient | 'anon' | 'nobody') {
  const headers: Record<string, string> = {};
  if (as === 'anon') headers.apikey = server.anonKey;
  else if (as !== 'nobody') headers.authorization = `Bearer ${await tokenOf(as)}`;
  const response = await fetch(`${server.url}${path}`, { headers });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { response, bytes };
}

const invoicePath = () => `/api/bookings/${booking.id}/invoice.pdf`;
const receiptPath = () => `/api/bookings/${booking.id}/payments/${payment.id}/receipt.pdf`;

async function deliver() {
  await server.platform.jobs.bookingEmails.drain();
  await server.platform.ctx.mail.drain();
}

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startTestServer({ smtpUrl: smtp.url });
  const service = server.service();
  admin = await server.adminClient();
  owner = await server.traveler({ fullName: 'Zoë Nguyễn' });
  other = await server.traveler();
  editor = await server.staff('editor');
  const tour = await ok<{ id: string }>(
    service.from('tours').insert({ slug: `documents-${randomUUID().slice(0, 6)}`, title: 'Ngorongoro Documents Safari', status: 'active', base_price: 628.2, duration_days: 3 }).select('id').single(),
  );
  const departure = await ok<{ id: string }>(
    service.from('tour_departures').insert({ tour_id: tour.id, start_date: companyDay(120), end_date: companyDay(122), capacity: 20 }).select('id').single(),
  );
  booking = await ok(
    owner.client.rpc('create_booking', {
      p_departure_id: departure.id,
      p_adults: 2,
      p_contact: { full_name: 'Zoë Nguyễn', email: clientEmail, phone: '+255 700 000 001' },
      p_travelers: [{ full_name: 'Zoë Nguyễn' }, { full_name: 'Łukasz Wójcik' }],
    }),
  );
  payment = await ok(admin.rpc('record_payment', { p_booking_id: booking.id, p_amount: 314.1, p_method: 'bank_transfer', p_reference: 'TT-2026-0042' }));
  bank = (await server.db.query<{ account_number: string; bank_name: string }>(`select account_number, bank_name from public.payment_instructions where is_active`)).rows[0];
  await deliver();
}, 120_000);

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe('the invoice', () => {
  it('is a PDF for booking staff, with the lines, the account and the bank details to the cent', async () => {
    const { response, bytes } = await download(invoicePath(), admin);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('cache-control')).toContain('no-store');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="invoice-INV-\d{4}-\d{5}\.pdf"$/);
    const text = await pdfText(bytes);
    expect(text).toContain('INVOICE');
    expect(text).toContain(booking.booking_reference);
    expect(text).toContain('Ngorongoro Documents Safari');
    // Names the standard font cannot spell are printed as near as it can, never refused.
    expect(text).toContain('Zoë Nguyen');
    expect(text).toContain('Lukasz Wójcik');
    expect(text).toContain('628.20');
    expect(text).toContain('USD 1,256.40');
    expect(text).toContain('USD 314.10');
    expect(text).toContain('USD 942.30');
    expect(text).toContain(bank.account_number);
    expect(text).toContain(bank.bank_name);
  });

  it('keeps the number it was first issued with, and the traveler whose booking it is downloads the same one', async () => {
    const first = (await download(invoicePath(), admin)).response.headers.get('content-disposition');
    const { response, bytes } = await download(invoicePath(), owner.client);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(first);
    const number = /INV-\d{4}-\d{5}/.exec(first!)![0];
    expect(await pdfText(bytes)).toContain(number);
    const { rows } = await server.db.query(`select number from public.booking_invoices where booking_id = $1`, [booking.id]);
    expect(rows).toEqual([{ number }]);
  });

  it('is refused to another traveler, to staff who do not handle bookings and to visitors, with no PDF', async () => {
    for (const [as, status] of [
      [other.client, 404],
      [editor.client, 404],
      ['anon', 401],
      ['nobody', 401],
    ] as const) {
      const { response, bytes } = await download(invoicePath(), as);
      expect(response.status).toBe(status);
      expect(response.headers.get('content-type')).not.toContain('pdf');
      expect(Buffer.from(bytes).subarray(0, 4).toString()).not.toBe('%PDF');
    }
    expect((await download(`/api/bookings/${randomUUID()}/invoice.pdf`, admin)).response.status).toBe(404);
    expect((await download(`/api/bookings/not-a-booking/invoice.pdf`, admin)).response.status).toBe(404);
  });
});

describe('a receipt', () => {
  it('says what was received, how, when, and what remains to pay', async () => {
    for (const as of [admin, owner.client]) {
      const { response, bytes } = await download(receiptPath(), as);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('content-disposition')).toBe(`attachment; filename="receipt-${booking.booking_reference}-R1.pdf"`);
      const text = await pdfText(bytes);
      expect(text).toContain('RECEIPT');
      expect(text).toContain('USD 314.10');
      expect(text).toContain('Bank transfer');
      expect(text).toContain('TT-2026-0042');
      expect(text).toContain('Zoë Nguyen');
      expect(text).toContain('USD 942.30');
    }
  });

  it('is refused to others, and there is none for a payment of another booking', async () => {
    expect((await download(receiptPath(), other.client)).response.status).toBe(404);
    expect((await download(receiptPath(), 'anon')).response.status).toBe(401);
    const foreign = await server.db.query<{ id: string }>(`select id from public.payments where booking_id <> $1 and status = 'succeeded' limit 1`, [booking.id]);
    expect((await download(`/api/bookings/${booking.id}/payments/${foreign.rows[0].id}/receipt.pdf`, admin)).response.status).toBe(404);
  });
});

describe('emailing', () => {
  const emailsTo = (subject: string) => smtp.received.filter((m) => m.to.includes(clientEmail) && m.subject.startsWith(subject));

  it('sent the payment received email with its receipt attached', async () => {
    const email = await until(() => emailsTo('Payment received')[0]);
    const [receipt] = pdfAttachments(email.raw);
    expect(receipt.filename).toBe(`receipt-${booking.booking_reference}-R1.pdf`);
    expect(await pdfText(receipt.bytes)).toContain('USD 314.10');
  });

  it('queues exactly one email with the invoice attached when booking staff send it, audited under the booking', async () => {
    const before = await server.db.query(`select 1 from public.email_queue where to_address = $1 and kind = 'invoice'`, [clientEmail]);
    expect(before.rows).toHaveLength(0);
    const sent = await ok<{ kind: string }>(admin.rpc('email_booking_document', { p_booking_id: booking.id }));
    expect(sent.kind).toBe('invoice');
    await deliver();
    const queued = await server.db.query<{ attachments: unknown }>(`select attachments from public.email_queue where to_address = $1 and kind = 'invoice'`, [clientEmail]);
    expect(queued.rows).toEqual([{ attachments: [{ document: 'invoice', booking_id: booking.id }] }]);
    const email = await until(() => emailsTo('Invoice INV-')[0]);
    await deliver();
    expect(emailsTo('Invoice INV-')).toHaveLength(1);
    const attachments = pdfAttachments(email.raw);
    expect(attachments).toHaveLength(1);
    expect(Buffer.from(attachments[0].bytes).subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(attachments[0].bytes);
    expect(text).toContain(booking.booking_reference);
    expect(text).toContain('USD 1,256.40');
    const audit = await server.db.query<{ reason: string }>(`select reason from public.audit_log where table_name = 'booking_notifications' and record_id = $1`, [booking.id]);
    expect(audit.rows).toEqual([{ reason: `Emailed to ${clientEmail}` }]);
  });

  it('sends a receipt again on the office\'s ask', async () => {
    await ok(admin.rpc('email_booking_document', { p_booking_id: booking.id, p_payment_id: payment.id }));
    await deliver();
    const email = await until(() => emailsTo('Receipt: USD 314.10')[0]);
    const [receipt] = pdfAttachments(email.raw);
    expect(await pdfText(receipt.bytes)).toContain('TT-2026-0042');
  });

  it('is for booking staff only, and limited per staff member', async () => {
    expect((await owner.client.rpc('email_booking_document', { p_booking_id: booking.id })).error?.code).toBe('42501');
    expect((await editor.client.rpc('email_booking_document', { p_booking_id: booking.id })).error?.code).toBe('42501');
    expect((await admin.rpc('email_booking_document', { p_booking_id: booking.id, p_payment_id: randomUUID() })).error?.code).toBe('PT404');
    const agent = await server.staff('agent');
    await server.setRateLimit('documents.emails', 1);
    try {
      expect((await agent.client.rpc('email_booking_document', { p_booking_id: booking.id })).error).toBeNull();
      const refused = await agent.client.rpc('email_booking_document', { p_booking_id: booking.id });
      expect(refused.status).toBe(429);
    } finally {
      await server.setRateLimit('documents.emails', 30_000);
    }
  });
});

describe('a phone booking with a deposit', () => {
  it('gives the client the booking email and a receipt with the PDF', async () => {
    const email = `phone-${randomUUID().slice(0, 8)}@example.com`;
    const departure = (await server.db.query<{ id: string }>(`select departure_id as id from public.bookings where id = $1`, [booking.id])).rows[0].id;
    await ok(
      admin.rpc('create_office_booking', {
        p_departure_id: departure,
        p_adults: 1,
        p_contact: { full_name: 'Łukasz Phone', email },
        p_payment_amount: 157.05,
        p_payment_method: 'mobile_money',
        p_payment_reference: 'MP-777',
      }),
    );
    await deliver();
    const received = await until(() => {
      const mine = smtp.received.filter((m) => m.to.includes(email));
      return mine.some((m) => m.subject.startsWith('Payment received')) && mine.some((m) => /^Booking received|^Your trip is confirmed/.test(m.subject)) ? mine : undefined;
    });
    const receipt = received.find((m) => m.subject.startsWith('Payment received'))!;
    const [pdf] = pdfAttachments(receipt.raw);
    const text = await pdfText(pdf.bytes);
    expect(text).toContain('USD 157.05');
    expect(text).toContain('Mobile money');
    expect(text).toContain('Lukasz Phone');
  });
});

describe('a refund note', () => {
  // Money owed back on the booking (a card payment it did not need), then returned by mobile money.
  let refund: { id: string };
  const refundPath = (paymentId = refund.id) => `/api/bookings/${booking.id}/payments/${paymentId}/refund.pdf`;
  const sentOn = new Date(`${companyDay(0)}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

  beforeAll(async () => {
    refund = (
      await server.db.query<{ id: string }>(
        `insert into public.payments (booking_id, amount, currency, method, status, paid_at) values ($1, 57.35, 'USD', 'card', 'refund_due', now() - interval '1 day') returning id`,
        [booking.id],
      )
    ).rows[0];
  });

  it('is none while the money is only owed back, nor for a payment received', async () => {
    expect((await download(refundPath(), admin)).response.status).toBe(404);
    expect((await owner.client.rpc('booking_refund_note', { p_booking_id: booking.id, p_payment_id: refund.id })).error?.code).toBe('PT404');
    expect((await download(refundPath(payment.id), admin)).response.status).toBe(404);
    expect((await admin.rpc('email_booking_document', { p_booking_id: booking.id, p_payment_id: refund.id })).error?.code).toBe('PT404');
  });

  it('says what was returned, how, when, with its reference, and the account after it, to staff and to the traveler', async () => {
    await ok(admin.rpc('mark_payment_refunded', { p_payment_id: refund.id, p_method: 'mobile_money', p_reference: 'MP-RF-0077' }));
    for (const as of [admin, owner.client]) {
      const { response, bytes } = await download(refundPath(), as);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('cache-control')).toContain('no-store');
      // The payment's place among the booking's payments, as a receipt's number: the second.
      expect(response.headers.get('content-disposition')).toBe(`attachment; filename="refund-note-${booking.booking_reference}-RF2.pdf"`);
      const text = await pdfText(bytes);
      expect(text).toContain('REFUND');
      expect(text).toContain(`${booking.booking_reference}-RF2`);
      expect(text).toContain('USD 57.35');
      expect(text).toContain('Mobile money');
      expect(text).toContain('MP-RF-0077');
      expect(text).toContain(sentOn);
      expect(text).toContain('Ngorongoro Documents Safari');
      expect(text).toContain('Zoë Nguyen');
      // Total, paid (the deposit and the card payment), refunded, and still to pay.
      expect(text).toContain('USD 1,256.40');
      expect(text).toContain('USD 371.45');
      expect(text).toContain('USD 942.30');
    }
  });

  it('is refused to another traveler, to staff who do not handle bookings and to visitors', async () => {
    for (const [as, status] of [
      [other.client, 404],
      [editor.client, 404],
      ['anon', 401],
      ['nobody', 401],
    ] as const) {
      const { response, bytes } = await download(refundPath(), as);
      expect(response.status).toBe(status);
      expect(Buffer.from(bytes).subarray(0, 4).toString()).not.toBe('%PDF');
    }
    expect((await other.client.rpc('booking_refund_note', { p_booking_id: booking.id, p_payment_id: refund.id })).error?.code).toBe('PT404');
    expect((await server.client().rpc('booking_refund_note', { p_booking_id: booking.id, p_payment_id: refund.id })).error?.code).toBe('42501');
  });

  it('is attached, once, to the email that tells the client the refund is sent', async () => {
    await deliver();
    await deliver();
    const queued = await server.db.query<{ attachments: unknown }>(`select attachments from public.email_queue where to_address = $1 and kind = 'refund_sent'`, [clientEmail]);
    expect(queued.rows).toEqual([{ attachments: [{ document: 'refund_note', booking_id: booking.id, payment_id: refund.id }] }]);
    const email = await until(() => smtp.received.find((m) => m.to.includes(clientEmail) && m.subject.startsWith('Refund sent: USD 57.35')));
    const attachments = pdfAttachments(email.raw);
    expect(attachments.map((file) => file.filename)).toEqual([`refund-note-${booking.booking_reference}-RF2.pdf`]);
    expect(await pdfText(attachments[0].bytes)).toContain('MP-RF-0077');
  });

  it('is emailed again on the office\'s ask, audited under the booking', async () => {
    const sent = await ok<{ kind: string }>(admin.rpc('email_booking_document', { p_booking_id: booking.id, p_payment_id: refund.id }));
    expect(sent.kind).toBe('refund_note');
    await deliver();
    const email = await until(() => smtp.received.find((m) => m.to.includes(clientEmail) && m.subject.startsWith('Refund note: USD 57.35')));
    const [note] = pdfAttachments(email.raw);
    expect(await pdfText(note.bytes)).toContain('USD 57.35');
    const audit = await server.db.query(
      `select 1 from public.audit_log where table_name = 'booking_notifications' and record_id = $1 and new_values ->> 'kind' = 'refund_note'`,
      [booking.id],
    );
    expect(audit.rows).toHaveLength(1);
  });
});
