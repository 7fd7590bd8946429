import type { APIRequestContext, BrowserContext, ConsoleMessage, Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { api, openSignedIn, PASSWORD, rest, signUp } from './rest-api.ts';
import { controlledByServiceWorker } from './service-worker.ts';

/**
 * The outbox under a traveler's phone life: random profile edits, settings switches, wishlist
 * toggles and new conversations, with the connection lost and back at random, reloads, the tab
 * replaced, and sends cut in flight (answers delayed 500 ms, then a reload). Before each change the
 * page must show the last value entered; at the end, back online on the dashboard, everything must
 * be on the server within 10 s, exactly once, with the last values. Seeded: the same seed makes the
 * same actions.
 */

/** mulberry32: a small seeded generator, so a failing run can be replayed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Tour {
  id: string;
  slug: string;
  title: string;
}

/** What the traveler entered last, as the server must end up holding it. */
interface Model {
  phone: string | null;
  switches: Record<'Newsletter' | 'Offers', boolean>;
  wishlist: Set<string>;
  messages: { subject: string; body: string }[];
}

export interface ChaosOutcome {
  seed: number;
  actions: number;
  offlineActions: number;
  /** Seconds from back online to everything on the server. */
  secondsToSync: number;
  log: string[];
}

const switchField = { Newsletter: 'newsletter', Offers: 'marketing' } as const;

export async function runChaos(context: BrowserContext, request: APIRequestContext, options: { seed: number; actions: number }): Promise<ChaosOutcome> {
  const next = random(options.seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  const a = await api(request);
  const traveler = await signUp(a, 'Chaos Traveler');
  const tours = await rest<Tour[]>(a, a.anonKey, 'GET', 'tours?select=id,slug,title&status=eq.active&order=slug&limit=2');
  const model: Model = { phone: null, switches: { Newsletter: true, Offers: true }, wishlist: new Set(), messages: [] };
  const log: string[] = [];
  let offline = false;
  let offlineActions = 0;

  let page: Page = await context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await openSignedIn(page, traveler.email, PASSWORD, '/traveler');
  await controlledByServiceWorker(page);

  const open = async (path: string) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 15_000 });
  };
  // Each page that shows edited data must show the last value entered, straight from the device.
  const checkProfile = async () => {
    await open('/traveler/profile');
    // The form shows the profile from the device (the name came with the sign-up), then its phone.
    await expect(page.getByLabel('Full name (as on passport)')).toHaveValue('Chaos Traveler', { timeout: 10_000 });
    await expect(page.getByLabel('Phone', { exact: true }).first()).toHaveValue(model.phone ?? '', { timeout: 5_000 });
  };
  const checkSettings = async () => {
    await open('/traveler/settings');
    for (const [name, on] of Object.entries(model.switches)) {
      const control = page.getByRole('switch', { name });
      if (on) await expect(control).toBeChecked({ timeout: 5_000 });
      else await expect(control).not.toBeChecked({ timeout: 5_000 });
    }
  };
  const checkWishlist = async () => {
    await open('/traveler/wishlist');
    const saved = tours.filter((tour) => model.wishlist.has(tour.id));
    if (saved.length === 0) await expect(page.getByText('Your wishlist is empty')).toBeVisible({ timeout: 5_000 });
    else await expect(page.getByTestId('wishlist-item')).toHaveCount(saved.length, { timeout: 5_000 });
    for (const tour of saved) await expect(page.getByTestId('wishlist')).toContainText(tour.title);
  };
  const checkMessages = async () => {
    await open('/traveler/messages');
    for (const { subject } of model.messages) await expect(page.getByText(subject).first()).toBeVisible({ timeout: 5_000 });
  };
  const checks = [checkProfile, checkSettings, checkWishlist, checkMessages];

  const flipSwitch = async () => {
    const name = pick(['Newsletter', 'Offers'] as const);
    await checkSettings();
    await page.getByRole('switch', { name }).click();
    model.switches[name] = !model.switches[name];
    // The traveler sees it flip: the change is on the device.
    if (model.switches[name]) await expect(page.getByRole('switch', { name })).toBeChecked();
    else await expect(page.getByRole('switch', { name })).not.toBeChecked();
    return name;
  };

  for (let step = 1; step <= options.actions; step += 1) {
    const roll = next();
    if (offline) offlineActions += 1;
    let done: string;
    if (roll < 0.18) {
      offline = !offline;
      await context.setOffline(offline);
      done = offline ? 'connection lost' : 'connection back';
    } else if (roll < 0.34) {
      await checkProfile();
      const phone = `+255 7${Math.floor(next() * 1e8)
        .toString()
        .padStart(8, '0')}`;
      await page.getByLabel('Phone', { exact: true }).first().fill(phone);
      const save = page.getByRole('button', { name: 'Save profile' });
      const consoleSaid: string[] = [];
      const listen = (message: ConsoleMessage) => {
        if (message.type() !== 'debug') consoleSaid.push(`${message.type()}: ${message.text()} ${message.location().url}`);
      };
      page.on('console', listen);
      // Every toast shown from here on, kept (the one that says why a save failed closes itself), and
      // whether the save started at all (the button showed it was saving).
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { toastsSeen: string[] }).toastsSeen = seen;
        new MutationObserver(() => {
          for (const toast of document.querySelectorAll('.mantine-Notification-root')) if (toast.textContent && !seen.includes(toast.textContent)) seen.push(toast.textContent);
          if (document.querySelector('form button[type=submit][data-loading]') && !seen.includes('(saving shown)')) seen.push('(saving shown)');
        }).observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
      });
      await save.click();
      // Saved (on the server, or on the device when offline): the form has nothing left to save.
      await expect(save).not.toHaveAttribute('data-loading', { timeout: 10_000 });
      await expect(save).toBeDisabled().catch(async (error: unknown) => {
        const toasts = await page.evaluate(() => (window as unknown as { toastsSeen: string[] }).toastsSeen);
        const said = [...toasts, ...(await page.locator('[role=alert], .mantine-TextInput-error').allTextContents()), ...consoleSaid];
        const form = await page.locator('form input').evaluateAll((inputs) => inputs.map((input) => `${input.getAttribute('id')}=${(input as HTMLInputElement).value}`));
        throw new Error(`Save profile stays enabled after saving ${phone}; the page says ${JSON.stringify(said)}; the form holds ${JSON.stringify(form)}\n${String(error)}`);
      });
      page.off('console', listen);
      model.phone = phone;
      done = `phone ${phone}`;
    } else if (roll < 0.5) {
      done = `switch ${await flipSwitch()}`;
    } else if (roll < 0.66) {
      const tour = pick(tours);
      if (offline) {
        await checkWishlist();
        if (!model.wishlist.has(tour.id)) {
          done = 'wishlist looked at';
        } else {
          const item = page.getByTestId('wishlist-item').filter({ hasText: tour.title });
          await item.getByRole('button', { name: 'Remove from wishlist' }).click();
          // The traveler sees it go: the removal is on the device.
          await expect(item).toHaveCount(0);
          model.wishlist.delete(tour.id);
          done = `wishlist removes ${tour.slug}`;
        }
      } else {
        await page.goto(`/tours/${tour.slug}`);
        const saved = model.wishlist.has(tour.id);
        await expect(page.getByRole('button', { name: saved ? 'Saved to wishlist' : 'Save to wishlist' })).toBeVisible({ timeout: 10_000 });
        await page.getByRole('button', { name: saved ? 'Saved to wishlist' : 'Save to wishlist' }).click();
        await expect(page.getByRole('button', { name: saved ? 'Save to wishlist' : 'Saved to wishlist' })).toBeVisible();
        if (saved) model.wishlist.delete(tour.id);
        else model.wishlist.add(tour.id);
        done = `wishlist ${saved ? 'removes' : 'adds'} ${tour.slug}`;
      }
    } else if (roll < 0.76) {
      await checkMessages();
      const subject = `Chaos ${options.seed}-${step}`;
      const body = `Question ${step} from the bush (seed ${options.seed}).`;
      await page.getByRole('button', { name: 'New message' }).click();
      await page.getByLabel('Subject').fill(subject);
      await page.getByRole('textbox', { name: 'Message' }).fill(body);
      await page.getByRole('button', { name: 'Send' }).click();
      await expect(page.getByTestId('thread')).toContainText(body, { timeout: 10_000 });
      model.messages.push({ subject, body });
      done = `message ${subject}`;
    } else if (roll < 0.86) {
      await page.reload();
      await pick(checks)();
      done = 'reload';
    } else if (roll < 0.93) {
      await page.close();
      page = await context.newPage();
      await page.setViewportSize({ width: 390, height: 844 });
      await pick(checks)();
      done = 'tab replaced';
    } else if (!offline) {
      // A send cut in flight: the server answers after 500 ms, and the page reloads before that.
      await page.route('**/rest/v1/**', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 500));
        await route.continue().catch(() => undefined);
      });
      const name = await flipSwitch();
      await page.waitForTimeout(150);
      await page.reload();
      await page.unroute('**/rest/v1/**');
      await checkSettings();
      done = `switch ${name}, its send cut by a reload`;
    } else {
      done = 'waited';
    }
    log.push(`${step}${offline ? ' (offline)' : ''}: ${done}`);
    if (process.env.CHAOS_VERBOSE) console.log(log.at(-1));
  }

  // Back online, on a page that shows none of the edited data.
  await context.setOffline(false);
  const backAt = Date.now();
  await page.goto('/traveler');
  const server = async () => {
    const [user] = await rest<{ phone: string | null; preferences: { notifications: Record<string, boolean> } }[]>(
      a,
      traveler.token,
      'GET',
      `users?select=phone,preferences&id=eq.${traveler.userId}`,
    );
    const wishlist = await rest<{ tour_id: string }[]>(a, traveler.token, 'GET', `wishlist?select=tour_id&user_id=eq.${traveler.userId}`);
    const messages = await rest<{ subject: string | null; body: string }[]>(a, traveler.token, 'GET', `messages?select=subject,body&user_id=eq.${traveler.userId}&order=body`);
    return {
      phone: user.phone,
      newsletter: user.preferences.notifications[switchField.Newsletter],
      marketing: user.preferences.notifications[switchField.Offers],
      wishlist: wishlist.map((row) => row.tour_id).sort(),
      messages: messages.map((m) => `${m.subject}: ${m.body}`).sort(),
    };
  };
  const expected = {
    phone: model.phone,
    newsletter: model.switches.Newsletter,
    marketing: model.switches.Offers,
    wishlist: [...model.wishlist].sort(),
    messages: model.messages.map((m) => `${m.subject}: ${m.body}`).sort(),
  };
  await expect.poll(server, { timeout: 10_000, message: `seed ${options.seed}:\n${log.join('\n')}` }).toEqual(expected);
  const secondsToSync = (Date.now() - backAt) / 1000;
  await page.close();
  return { seed: options.seed, actions: options.actions, offlineActions, secondsToSync, log };
}
