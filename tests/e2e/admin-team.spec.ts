import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { emailTo } from './mail.ts';
import { adminCredentials, openSignedIn, staffCredentials } from './rest-api.ts';
import { saveScreenshot } from './screenshots.ts';

/**
 * The team screen: an admin invites an agent, who follows the emailed link, sets a password and lands
 * in the back office with the agent's screens only; on a tablet, a role change with its confirm.
 */

const screens = (page: Page) => page.getByRole('navigation', { name: 'Back office screens' }).getByRole('link');

test('an admin invites an agent, who joins through the emailed link and sees the agent’s screens only', async ({ page, browser }) => {
  const admin = await adminCredentials();
  await page.setViewportSize({ width: 1280, height: 900 });
  await openSignedIn(page, admin.email, admin.password, '/admin/team');
  const team = page.getByRole('table', { name: 'Team' });
  await expect(team.getByRole('row').filter({ hasText: 'neema@kilelesafaris.co.tz' })).toContainText('Active', { timeout: 15_000 });
  await expect(team.getByRole('row').filter({ hasText: 'amani@kilelesafaris.co.tz' })).toContainText(/Invited.*Not yet signed in/);
  await saveScreenshot(page, 'admin-team');

  // Field messages first: nothing is sent.
  await page.getByRole('button', { name: 'Invite someone' }).click();
  const form = page.getByRole('form', { name: 'Invite to the team' });
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(form.getByText('Enter the email address to invite')).toBeVisible();
  await expect(form.getByText('Choose a role')).toBeVisible();
  await form.getByRole('textbox', { name: 'Email' }).fill('someone@');
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(form.getByText('Enter a valid email address, like name@example.com')).toBeVisible();
  await form.getByRole('textbox', { name: 'Email' }).fill('Neema@kilelesafaris.co.tz');
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(form.getByText('This person is already on the team')).toBeVisible();
  await saveScreenshot(page, 'admin-team-invite');

  const email = `agent-${Date.now()}@example.com`;
  await form.getByRole('textbox', { name: 'Email' }).fill(email);
  await form.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('listbox', { name: 'Role' }).getByRole('option', { name: 'Agent' }).click();
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
  await expect(team.getByRole('row').filter({ hasText: email })).toContainText(/Invited.*Not yet signed in/);

  // The invitee, in a browser of their own, follows the link from the email the server sent.
  const mail = await emailTo(email, 'Join the team');
  const link = mail.match(/https?:\/\/\S+\/auth\/v1\/verify\?[^\s"<]+/)?.[0];
  expect(link).toBeTruthy();
  const invitee = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await invitee.goto(link!.replace(/&amp;/g, '&'));
  await expect(invitee.getByRole('heading', { name: 'Join the team' })).toBeVisible({ timeout: 15_000 });
  await saveScreenshot(invitee, 'join-team');
  await invitee.getByRole('textbox', { name: 'Your name' }).fill('Zawadi Mollel');
  await invitee.getByRole('textbox', { name: 'Password', exact: true }).fill('Lake-Manyara-2026');
  await invitee.getByRole('textbox', { name: 'Confirm password' }).fill('Lake-Manyara-2026');
  await invitee.getByRole('button', { name: 'Join the team' }).click();
  await expect(invitee).toHaveURL(/\/admin$/, { timeout: 15_000 });
  await expect(invitee.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(screens(invitee)).toContainText(['Dashboard', 'Bookings', 'Messages']);
  await expect(screens(invitee).filter({ hasText: /^(Settings|Team)$/ })).toHaveCount(0);
  await invitee.goto(new URL('/admin/team', invitee.url()).toString());
  await expect(invitee.getByRole('heading', { name: 'Access Denied' })).toBeVisible({ timeout: 15_000 });
  await invitee.context().close();

  await page.reload();
  await expect(team.getByRole('row').filter({ hasText: email })).toContainText('Zawadi Mollel', { timeout: 15_000 });
  await expect(team.getByRole('row').filter({ hasText: email })).toContainText('Active');
});

test.describe('on a 768 px tablet', () => {
  test.use({ viewport: { width: 768, height: 1024 }, hasTouch: true, isMobile: true });

  test('an admin changes a guide’s role with a confirm, and cannot demote themselves', async ({ page }) => {
    const admin = await adminCredentials();
    const staff = await staffCredentials();
    const guide = staff.filter((member) => member.role === 'guide').at(-1)!;
    await openSignedIn(page, admin.email, admin.password, '/admin/team');
    const team = page.getByRole('table', { name: 'Team' });
    const row = team.getByRole('row').filter({ hasText: guide.email });
    await expect(row).toContainText('Guide', { timeout: 15_000 });
    await saveScreenshot(page, 'admin-team');

    // No action on one's own row: an admin cannot demote or deactivate themselves.
    await expect(team.getByRole('row').filter({ hasText: admin.email }).getByRole('button')).toHaveCount(0);

    await row.getByRole('button', { name: /^Actions for / }).tap();
    await page.getByRole('menuitem', { name: 'Change role…' }).tap();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Role' }).tap();
    await page.getByRole('listbox', { name: 'Role' }).getByRole('option', { name: 'Editor' }).tap();
    await expect(dialog).toContainText('They will open: tours, destinations, the blog and the site content');
    await saveScreenshot(page, 'admin-team-role');
    // Picked and not applied: closing asks first; keeping on finds the pick.
    await dialog.getByRole('button', { name: 'Close' }).tap();
    const discard = dialog.getByRole('alertdialog', { name: 'Discard the changes?' });
    await discard.getByRole('button', { name: 'Keep editing' }).tap();
    await expect(dialog).toContainText('They will open: tours, destinations, the blog and the site content');
    await dialog.getByRole('button', { name: 'Change role' }).tap();
    await expect(page.getByText(/is now editor$/)).toBeVisible();
    await expect(row).toContainText('Editor');

    // And back, so the demo keeps its two guides.
    await row.getByRole('button', { name: /^Actions for / }).tap();
    await page.getByRole('menuitem', { name: 'Change role…' }).tap();
    await dialog.getByRole('combobox', { name: 'Role' }).tap();
    await page.getByRole('listbox', { name: 'Role' }).getByRole('option', { name: 'Guide' }).tap();
    await dialog.getByRole('button', { name: 'Change role' }).tap();
    await expect(row).toContainText('Guide');
  });
});
