import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { emailTo } from './mail.ts';
import { adminCredentials, adminToken, api, openSignedIn, rest } from './rest-api.ts';
import { saveScreenshot } from './screenshots.ts';

/**
 * Enquiries and quotes: an admin turns a trip request into a quote and sends it; the client opens
 * the emailed link in their own browser and accepts it; the office finds the booking it made. On a
 * tablet an agent-sized screen moves an enquiry along the pipeline.
 */

interface Enquiry {
  id: string;
  name: string;
  email: string;
  subject: string;
}

const seededEnquiry = async (request: Parameters<typeof api>[0], subject: string): Promise<Enquiry> => {
  const a = await api(request);
  const [enquiry] = await rest<Enquiry[]>(a, await adminToken(a), 'GET', `enquiries?select=id,name,email,subject&subject=eq.${encodeURIComponent(subject)}`);
  expect(enquiry, `the seeded enquiry “${subject}”`).toBeDefined();
  return enquiry;
};

async function pickOption(page: Page, field: ReturnType<Page['getByRole']>, option: string | RegExp) {
  await field.click();
  await page.getByRole('listbox').getByRole('option', { name: option }).first().click();
}

test('an admin turns an enquiry into a quote; the client accepts it online and the office finds the booking', async ({ page, browser, request }) => {
  const enquiry = await seededEnquiry(request, 'Honeymoon in June');
  const admin = await adminCredentials();
  await page.setViewportSize({ width: 1280, height: 900 });
  await openSignedIn(page, admin.email, admin.password, '/admin');
  await page.getByRole('navigation', { name: 'Back office screens' }).getByRole('link', { name: 'Enquiries' }).click();
  await expect(page).toHaveURL(/\/admin\/bookings\/enquiries/);
  await page.getByRole('table', { name: 'Open enquiries' }).getByText('Honeymoon in June').click();
  await expect(page.getByRole('heading', { name: 'Honeymoon in June' })).toBeVisible();

  await page.getByRole('button', { name: 'Draft a quote' }).click();
  await expect(page.getByRole('heading', { name: /^Quote Q-/ })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Title the client sees' })).toHaveValue(`Trip for ${enquiry.name}`);

  // Days copied from a tour's itinerary, then one day moved with the buttons.
  const fromTour = page.getByRole('combobox', { name: 'Tour to copy days from' });
  await pickOption(page, fromTour, /Serengeti/);
  await page.getByRole('button', { name: 'Add its days' }).click();
  await expect(page.getByTestId('quote-day').first()).toBeVisible();
  const days = await page.getByTestId('quote-day').count();
  expect(days).toBeGreaterThan(1);
  const secondTitle = await page.getByRole('textbox', { name: 'Title', exact: true }).nth(1).inputValue();
  await page.getByRole('button', { name: 'Move day 2 up' }).click();
  await expect(page.getByRole('textbox', { name: 'Title', exact: true }).first()).toHaveValue(secondTitle);

  // Bad input: a negative price and no title are refused by the form, and nothing is written.
  await page.getByRole('button', { name: 'Add a line' }).click();
  await page.getByRole('textbox', { name: 'Line 1 description' }).fill('Park fees');
  await page.getByRole('textbox', { name: 'Line 1 unit price' }).fill('-50');
  await page.getByRole('textbox', { name: 'Title the client sees' }).fill('');
  await page.getByRole('button', { name: 'Send to client' }).click();
  await expect(page.getByText('Prices cannot be negative')).toBeVisible();
  await expect(page.getByText('Please give the quote a title')).toBeVisible();
  const a = await api(request);
  const [stored] = await rest<{ status: string; lines: unknown[]; title: string }[]>(a, await adminToken(a), 'GET', `quotes?select=status,lines,title&enquiry_id=eq.${enquiry.id}`);
  expect(stored).toMatchObject({ status: 'draft', lines: [], title: `Trip for ${enquiry.name}` });

  await page.getByRole('textbox', { name: 'Title the client sees' }).fill('Serengeti honeymoon');
  await page.getByRole('textbox', { name: 'Line 1 unit price' }).fill('120');
  await page.getByRole('button', { name: 'Add a line' }).click();
  await page.getByRole('textbox', { name: 'Line 2 description' }).fill('Safari, per adult');
  await page.getByRole('textbox', { name: 'Line 2 quantity' }).fill('2');
  await page.getByRole('textbox', { name: 'Line 2 unit price' }).fill('3150');
  await expect(page.getByTestId('quote-total')).toHaveText('$6,420.00');
  await page.getByRole('button', { name: 'Send to client' }).click();
  await expect(page.getByText(`Quote sent to ${enquiry.email}`)).toBeVisible();
  await expect(page.getByText('Sent', { exact: true })).toBeVisible();
  await saveScreenshot(page, 'admin-quote');

  // The client's email carries the link; they open it in their own browser, signed out.
  const email = await emailTo(enquiry.email, '/quote/');
  const link = /https?:\/\/\S+\/quote\/[0-9a-f]{64}/.exec(email)?.[0];
  expect(link, 'the quote link in the email').toBeDefined();
  const clientContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const client = await clientContext.newPage();
  await client.goto(new URL(link!).pathname);
  await expect(client.getByRole('heading', { name: 'Serengeti honeymoon' })).toBeVisible();
  await expect(client.getByTestId('quote-total')).toHaveText('$6,420.00');
  await client.getByRole('button', { name: 'Accept and book' }).click();
  await expect(client.getByText('Please accept the booking terms to book the trip')).toBeVisible();
  await client.getByRole('checkbox', { name: /I accept the booking terms/ }).check();
  await client.getByRole('button', { name: 'Accept and book' }).click();
  await expect(client).toHaveURL(/\/thank-you\?/);
  const reference = new URL(client.url()).searchParams.get('booking');
  expect(reference).toMatch(/^KS-/);
  await expect(client.getByText(reference!).first()).toBeVisible({ timeout: 15_000 });
  await saveScreenshot(client, 'client-quote-accepted');
  await clientContext.close();

  // The office sees the quote accepted and opens the booking it became.
  await page.reload();
  await expect(page.getByText('Accepted', { exact: true }).first()).toBeVisible();
  await page.getByRole('link', { name: reference! }).click();
  await expect(page.getByRole('heading', { name: `Booking ${reference}` })).toBeVisible();
  await expect(page.getByText('$6,420.00').first()).toBeVisible();
  await page.goto(`/admin/bookings/enquiries/${enquiry.id}`);
  await expect(page.getByRole('radio', { name: 'Won' })).toBeChecked();
});

test('on a tablet, an enquiry is assigned, contacted, and only marked lost with a reason', async ({ browser, request }) => {
  const enquiry = await seededEnquiry(request, 'Do you arrange airport pick-up from Kilimanjaro for a late arrival?');
  const context = await browser.newContext({ viewport: { width: 768, height: 1024 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const admin = await adminCredentials();
  await openSignedIn(page, admin.email, admin.password, `/admin/bookings/enquiries/${enquiry.id}`);
  await expect(page.getByRole('heading', { name: enquiry.subject })).toBeVisible();

  await pickOption(page, page.getByRole('combobox', { name: 'Assigned to' }), 'Neema Mushi');
  const stages = page.getByRole('radiogroup', { name: 'Stage' });
  await stages.getByText('Contacted', { exact: true }).tap();
  await expect(page.getByRole('radio', { name: 'Contacted' })).toBeChecked();

  await stages.getByText('Lost', { exact: true }).tap();
  const dialog = page.getByRole('dialog', { name: 'Mark the enquiry as lost' });
  await dialog.getByRole('button', { name: 'Mark as lost' }).tap();
  await expect(dialog.getByText('Please say why the enquiry was lost')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Why was it lost?' }).fill('Arranged their own transfer');
  await dialog.getByRole('button', { name: 'Mark as lost' }).tap();
  await expect(page.getByText('Lost: Arranged their own transfer')).toBeVisible();
  await saveScreenshot(page, 'admin-enquiry-tablet');

  const a = await api(request);
  const [stored] = await rest<{ status: string; lost_reason: string; assignee: { full_name: string } }[]>(
    a,
    await adminToken(a),
    'GET',
    `enquiries?select=status,lost_reason,assignee:users!enquiries_assigned_to_fkey(full_name)&id=eq.${enquiry.id}`,
  );
  expect(stored).toEqual({ status: 'lost', lost_reason: 'Arranged their own transfer', assignee: { full_name: 'Neema Mushi' } });
  await context.close();
});

test('several enquiries are given to an agent and marked contacted at once', async ({ page, request }) => {
  const enquiry = await seededEnquiry(request, 'Is the Ngorongoro day trip suitable for a 4-year-old?');
  const admin = await adminCredentials();
  await page.setViewportSize({ width: 1280, height: 900 });
  await openSignedIn(page, admin.email, admin.password, '/admin');
  await page.goto('/admin/bookings/enquiries?stage=new');
  const table = page.getByRole('table', { name: 'New enquiries' });
  await table.getByRole('checkbox', { name: `Select the enquiry from ${enquiry.name}` }).check();
  const bar = page.getByRole('region', { name: 'Selected rows' });
  await expect(bar).toContainText('1 selected');
  await pickOption(page, bar.getByRole('combobox', { name: 'Give the selected enquiries to' }), 'Neema Mushi');
  await expect(page.getByText('1 enquiry given to Neema Mushi')).toBeVisible();
  await table.getByRole('checkbox', { name: `Select the enquiry from ${enquiry.name}` }).check();
  await bar.getByRole('button', { name: 'Mark contacted' }).click();
  await expect(page.getByText('1 enquiry marked contacted')).toBeVisible();
  await expect(table.getByText(enquiry.subject)).toHaveCount(0);
  const a = await api(request);
  const [stored] = await rest<{ status: string; assignee: { full_name: string } }[]>(a, await adminToken(a), 'GET', `enquiries?select=status,assignee:users!enquiries_assigned_to_fkey(full_name)&id=eq.${enquiry.id}`);
  expect(stored).toEqual({ status: 'contacted', assignee: { full_name: 'Neema Mushi' } });
});

test.describe('on a 768 px tablet with touch', () => {
  test.use({ viewport: { width: 768, height: 1024 }, hasTouch: true, isMobile: true });

  test('the office accepts a quote for a client who said yes on the phone, and the client’s page shows it', async ({ page, request }) => {
    const a = await api(request);
    const token = await adminToken(a);
    const email = `said-yes-${Date.now()}@example.com`;
    const asked = await a.request.post('/api/enquiries', { data: { kind: 'contact', name: 'Imani Phone', email, preferredContact: 'phone', phone: '+255 700 222 333', subject: 'Serengeti week by phone', message: 'A week in the Serengeti, two of us' } });
    expect(asked.status(), await asked.text()).toBe(201);
    const enquiry = (await asked.json()) as { id: string };
    const [tour] = await rest<{ id: string }[]>(a, token, 'GET', 'tours?select=id&status=eq.active&is_private=eq.false&order=slug&limit=1');
    const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const [quote] = await rest<{ id: string; reference: string }[]>(a, token, 'POST', 'quotes', {
      enquiry_id: enquiry.id,
      tour_id: tour.id,
      title: 'Serengeti week',
      start_date: day(120),
      valid_until: day(20),
      adults: 2,
      days: [{ title: 'Arrival in Arusha' }, { title: 'Serengeti' }],
      lines: [{ label: 'Safari, per adult', quantity: 2, unit_price: 2210.2 }],
    });
    const sent = await a.request.post(`/api/quotes/${quote.id}/send`, { headers: { authorization: `Bearer ${token}` } });
    expect(sent.status()).toBe(200);

    const admin = await adminCredentials();
    await openSignedIn(page, admin.email, admin.password, `/admin/bookings/quotes/${quote.id}`);
    await page.getByRole('button', { name: 'Client accepted' }).tap();
    const form = page.getByRole('form', { name: 'Accept for the client' });
    await form.getByRole('button', { name: 'Accept and make the booking' }).tap();
    await expect(form.getByText('Please say how the client accepted')).toBeVisible();
    await form.getByRole('combobox', { name: 'How the client accepted' }).tap();
    await page.getByRole('option', { name: 'By phone' }).tap();
    await form.getByRole('button', { name: 'Accept and make the booking' }).tap();
    await expect(page.getByRole('heading', { name: /^Booking KS-/ })).toBeVisible({ timeout: 15_000 });
    const reference = ((await page.getByRole('heading', { name: /^Booking KS-/ }).textContent()) ?? '').replace('Booking ', '').trim();
    await expect(page.getByTestId('booking-total')).toHaveText('$4,420.40');
    await emailTo(email, reference);

    // The quote says how it was accepted; the client's page lists the enquiry, the quote and the booking.
    await page.goto(`/admin/bookings/quotes/${quote.id}`);
    await expect(page.getByText(/by phone, recorded by the office/)).toBeVisible();
    await page.goto(`/admin/clients/${encodeURIComponent(email)}`);
    const listed = page.getByTestId('client-enquiries');
    await expect(listed).toContainText('Serengeti week by phone');
    await expect(listed).toContainText(quote.reference);
    await expect(listed.getByRole('link', { name: reference })).toBeVisible();
  });
});
