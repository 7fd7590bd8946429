import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  // The shipped setting (public.rate_limits), which the rate-limit test below exercises.
  await server.setRateLimit('api.enquiries', 10, 600);
});

afterAll(async () => {
  await server?.close();
});

// The limit is per address, so each test sends from its own loopback address (all of 127/8 reaches
// the server); only the rate-limit test exhausts one.
let nextAddress = 10;
const freshAddress = () => `127.0.0.${nextAddress++}`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- an untyped JSON answer, read by the assertions
async function post(body: unknown, from: string, headers: Record<string, string> = {}): Promise<{ status: number; body: any }> {
  const url = new URL('/api/enquiries', server.url);
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', localAddress: from, headers: { 'content-type': 'application/json', ...headers } },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

function contact(overrides: Record<string, unknown> = {}) {
  return {
    clientId: randomUUID(),
    kind: 'contact',
    name: 'Amani Visitor',
    email: `amani-${randomUUID().slice(0, 6)}@example.com`,
    phone: '+44 20 7946 0000',
    subject: 'Private safari in July',
    message: 'We are two adults hoping to see the river crossings in July. What would you suggest?',
    preferredContact: 'email',
    ...overrides,
  };
}

async function enquiryRows(clientId: string) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- untyped rows, read by the assertions
  const { rows } = await server.db.query<Record<string, any>>(`select * from public.enquiries where client_id = $1`, [clientId]);
  return rows;
}

async function emailsTo(address: string) {
  const { rows } = await server.db.query<{ to_address: string; kind: string; subject: string; body_text: string }>(
    `select to_address, kind, subject, body_text from public.email_queue where to_address = $1 or body_text like '%' || $1 || '%' order by kind`,
    [address],
  );
  return rows;
}

describe('POST /api/enquiries', () => {
  test('stores a contact enquiry once even when sent twice, and queues one email to the company and one to the visitor', async () => {
    const from = freshAddress();
    const body = contact();
    const first = await post(body, from);
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ id: body.clientId });
    const second = await post(body, from);
    expect(second.status).toBe(201);
    expect(second.body).toEqual({ id: body.clientId });

    const rows = await enquiryRows(body.clientId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: body.clientId,
      kind: 'contact',
      name: body.name,
      email: body.email,
      phone: body.phone,
      subject: body.subject,
      message: body.message,
      status: 'new',
      user_id: null,
      details: { preferred_contact: 'email' },
    });

    const { rows: company } = await server.db.query<{ email: string }>(`select email from public.branding_settings where is_active`);
    const emails = await emailsTo(body.email);
    expect(emails.map((email) => [email.kind, email.to_address])).toEqual([
      ['enquiry_acknowledgement', body.email],
      ['enquiry_received', company[0].email],
    ]);
    const reference = body.clientId.replace(/-/g, '').slice(0, 8).toUpperCase();
    const [acknowledgement, received] = emails;
    expect(received.subject).toContain(body.subject);
    expect(received.body_text).toContain(body.message);
    expect(received.body_text).toContain(reference);
    expect(acknowledgement.body_text).toContain(`Dear ${body.name}`);
    expect(acknowledgement.body_text).toContain(reference);
  });

  test('a trip request is stored with its plan and the destinations named in the email', async () => {
    const from = freshAddress();
    const { rows: destinations } = await server.db.query<{ slug: string; name: string }>(
      `select slug, name from public.destinations where is_published order by display_order limit 2`,
    );
    const body = {
      clientId: randomUUID(),
      kind: 'start_planning',
      name: 'Lena Planner',
      email: `lena-${randomUUID().slice(0, 6)}@example.com`,
      preferredContact: 'whatsapp',
      phone: '+49 30 1234567',
      message: 'Honeymoon, we love photography.',
      trip: {
        destinations: destinations.map((destination) => destination.slug),
        timing: 'month',
        month: '2027-08',
        adults: 2,
        children: 1,
        budget: '5000-8000',
        interests: ['honeymoon', 'photography'],
      },
    };
    const response = await post(body, from);
    expect(response.status).toBe(201);
    const [row] = await enquiryRows(body.clientId);
    expect(row).toMatchObject({ kind: 'start_planning', subject: 'Tailor-made trip request', message: body.message });
    expect(row.details).toMatchObject({ ...body.trip, preferred_contact: 'whatsapp', destination_names: destinations.map((d) => d.name) });
    const received = (await emailsTo(body.email)).find((email) => email.kind === 'enquiry_received')!;
    for (const destination of destinations) expect(received.body_text).toContain(destination.name);
    expect(received.body_text).toContain('2 adults, 1 child');
  });

  test('a chat message from a visitor is stored as a chat enquiry with the page, and the company is emailed to reply', async () => {
    const from = freshAddress();
    const body = { clientId: randomUUID(), kind: 'chat', name: 'Lena Visitor', email: `lena-${randomUUID().slice(0, 6)}@example.com`, message: 'Do you have a family trip in August?', page: '/tours/family-safari' };
    expect((await post(body, from)).status).toBe(201);
    const [row] = await enquiryRows(body.clientId);
    expect(row).toMatchObject({ kind: 'chat', name: body.name, email: body.email, phone: null, subject: 'Chat message', message: body.message, details: { page: body.page } });
    const emails = await emailsTo(body.email);
    expect(emails.map((email) => email.kind)).toEqual(['enquiry_acknowledgement', 'enquiry_received']);
    expect(emails[1].subject).toBe(`Chat message ${body.clientId.replace(/-/g, '').slice(0, 8).toUpperCase()} from Lena Visitor`);
    expect(emails[1].body_text).toContain('Page: /tours/family-safari');
    expect(emails[0].body_text).toContain('One of our team will reply within one working day.');

    const empty = await post({ ...body, clientId: randomUUID(), message: ' ', email: 'lena' }, from);
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toEqual({ email: 'Please enter a valid email address, like name@example.com', message: 'Please write your message' });
  });

  test('a signed-in traveler’s enquiry is linked to them', async () => {
    const traveler = await server.traveler();
    const { data } = await traveler.client.auth.getSession();
    const body = contact({ email: traveler.email });
    const response = await post(body, freshAddress(), { authorization: `Bearer ${data.session!.access_token}` });
    expect(response.status).toBe(201);
    expect((await enquiryRows(body.clientId))[0].user_id).toBe(traveler.userId);
  });

  test('a filled honeypot is answered like a success, and nothing is stored or emailed', async () => {
    const body = contact({ website: 'http://spam.example' });
    const response = await post(body, freshAddress());
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ id: body.clientId });
    expect(await enquiryRows(body.clientId)).toHaveLength(0);
    expect(await emailsTo(body.email)).toHaveLength(0);
  });

  test('bad input is refused with a message per field, and nothing is stored', async () => {
    const from = freshAddress();
    const body = contact({ name: ' ', email: 'not-an-email', phone: 'call me', subject: 'Hi', message: 'short', preferredContact: 'pigeon' });
    const response = await post(body, from);
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toEqual({
      name: 'Please tell us your name',
      email: 'Please enter a valid email address, like name@example.com',
      phone: 'Please enter a phone number with country code, like +255 754 200 300',
      subject: 'Please add a subject of at least 3 characters',
      message: 'Please write a message of at least 10 characters',
      preferredContact: 'Please choose how we should contact you',
    });
    expect(await enquiryRows(body.clientId)).toHaveLength(0);

    const trip = await post(
      {
        ...contact(),
        kind: 'start_planning',
        trip: { destinations: ['atlantis'], timing: 'dates', startDate: '2027-03-10', endDate: '2027-03-01', adults: 0, children: 0, budget: 'undecided', interests: [] },
      },
      from,
    );
    expect(trip.status).toBe(400);
    expect(trip.body.error.fields).toEqual({ 'trip.adults': 'At least one adult travels', 'trip.endDate': 'The end date must be on or after the start date' });

    const unknownPlace = await post(
      { ...contact(), kind: 'start_planning', trip: { destinations: ['atlantis'], timing: 'flexible', adults: 2, children: 0, budget: 'undecided', interests: [] } },
      from,
    );
    expect(unknownPlace.status).toBe(400);
    expect(unknownPlace.body.error.fields).toEqual({ 'trip.destinations': 'Choose destinations from the list' });

    expect((await post('not json', from)).status).toBe(400);
    expect((await post({ ...contact(), clientId: 'nope' }, from)).body.error.fields).toEqual({ clientId: 'The client id must be a UUID.' });
  });

  test('more than 10 enquiries in 10 minutes from one address are refused with 429', async () => {
    const from = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await post(contact(), from)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses[10]).toBe(429);
    const limited = await post(contact(), from);
    expect(limited.status).toBe(429);
    expect(limited.body.error.message).toMatch(/Too many messages/);
    // Another address is not affected.
    expect((await post(contact(), freshAddress())).status).toBe(201);
  });
});
