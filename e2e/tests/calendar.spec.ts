import { apiSignIn, expect, settled, shot, signIn, signOut, test } from '../helpers.js';
import { seriousViolations } from '../axe.js';

// Demo data (apps/server/src/db/seed): cm@ is the admin of the Chemical Testing Committee, multi@
// a plain member of it (and admin of the Biological one). The committee's demo events are days away.

/** A Sydney date 'YYYY-MM-DD', days from today. */
function sydneyDay(offset: number): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Australia/Sydney',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(Date.now() + offset * 86_400_000));
}

const TITLE = 'E2E planning meeting';
// Days with no demo event of the committee (they are 2, 6, 9 and 27 days away), so each shows its events.
const first = sydneyDay(3);
const second = sydneyDay(4);
/** Works in the Chemical Testing Committee (the header's committee switch, stored as CURRENT_COMMITTEE). */
async function useChemicalCommittee(page: import('@playwright/test').Page) {
  await page.evaluate(async () => {
    const token = window.localStorage.getItem('user_access_token');
    const res = await fetch('/api/committees', { headers: { authorization: `Bearer ${token}` } });
    const { data } = (await res.json()) as { data: { id: number; name: string }[] };
    window.localStorage.setItem(
      'CURRENT_COMMITTEE',
      String(data.find((c) => c.name === 'Chemical Testing Committee')!.id),
    );
  });
}

const dayCell = (page: import('@playwright/test').Page, date: string) =>
  page.locator(`.portal-calendar [data-date="${date}"]`).first();

/**
 * Whether an event of this title is drawn within the day's column: laid over the grid (not inside
 * its cells), or the copy that follows the pointer while it is dragged.
 */
async function drawnOn(page: import('@playwright/test').Page, title: string, date: string) {
  const cell = await dayCell(page, date).boundingBox();
  for (const event of await page.getByText(title, { exact: true }).all()) {
    const box = await event.boundingBox();
    if (box && cell && box.x + box.width / 2 > cell.x && box.x + box.width / 2 < cell.x + cell.width) return true;
  }
  return false;
}

test.describe('committee calendar', () => {
  test.describe.configure({ mode: 'serial' });

  test('cm@ creates an event by clicking a day and drags it to another day', async ({ page }) => {
    await signIn(page, 'cm@portal.test');
    await useChemicalCommittee(page);
    await page.goto(`/calendar/${first}`);
    await expect(page.getByText('Chemical Testing Committee').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Calendar', exact: true, level: 1 })).toBeVisible();
    await expect(dayCell(page, first)).toBeVisible();
    await settled(page);
    await shot(page, 'calendar month');

    await dayCell(page, first).click({ position: { x: 30, y: 40 } });
    const dialog = page.getByRole('dialog', { name: 'New Event' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Please enter an event name')).toBeVisible();
    await dialog.getByLabel('Event name').fill(TITLE);
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await shot(page, 'new event');
    // The create refetches the month: the event is drawn again from that answer.
    const refetched = page.waitForResponse(
      (r) => r.request().method() === 'GET' && /\/api\/events(\?|$)/.test(r.url()) && r.status() === 200,
    );
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Event created successfully.')).toBeVisible();
    await refetched;
    const event = page.locator('.portal-calendar').getByText(TITLE, { exact: true });
    await expect(event).toBeVisible();

    // Drag it one day on. Hovering waits until the event stands still, so its place is where it stays.
    await event.hover();
    const from = await event.boundingBox();
    const to = await dayCell(page, second).boundingBox();
    if (!from || !to) throw new Error('no boxes to drag between');
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 5, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 + 10, { steps: 20 });
    // Dropped once the user sees the event drawn on the day under the pointer.
    await expect.poll(() => drawnOn(page, TITLE, second)).toBe(true);
    await page.mouse.up();
    await expect(page.getByText('Event updated successfully.')).toBeVisible();
    await expect.poll(() => drawnOn(page, TITLE, second)).toBe(true);

    // The page's feed address parses as iCalendar, without a bearer token, holding the moved event.
    const url = await page.getByLabel('Your calendar address').inputValue();
    expect(url).toMatch(/\/api\/calendar\/ics\/\d+\.[\w-]+\.ics$/);
    const ics = await (await page.request.get(url)).text();
    const lines = ics.replace(/\r\n[ \t]/g, '').split(/\r\n/);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('X-WR-TIMEZONE:Australia/Sydney');
    const start = lines.indexOf(`SUMMARY:${TITLE}`);
    expect(start).toBeGreaterThan(0);
    const vevent = lines.slice(lines.lastIndexOf('BEGIN:VEVENT', start), lines.indexOf('END:VEVENT', start) + 1);
    expect(vevent).toContain(`DTSTART;VALUE=DATE:${second.replace(/-/g, '')}`);
    expect(vevent).toContain('TRIGGER:-P1D');
    expect(await seriousViolations(page, 'main')).toEqual([]);
    await shot(page, 'calendar after drag');
    await signOut(page);
  });

  test('multi@ sees it read-only, and on the dashboard card', async ({ page }) => {
    const session = await apiSignIn('multi@portal.test');
    await page.addInitScript(
      ({ token, roles }) => {
        if (window.sessionStorage.getItem('e2e.session-set')) return;
        window.sessionStorage.setItem('e2e.session-set', '1');
        window.localStorage.setItem('user_access_token', token);
        window.localStorage.setItem('ROLE', JSON.stringify(roles));
        window.localStorage.setItem('CURRENT_ROLE', 'CM');
      },
      { token: session.token, roles: session.permissions },
    );
    await page.goto('/dashboard');
    await useChemicalCommittee(page);
    await page.reload();
    const card = page.getByRole('region', { name: 'Upcoming meetings' });
    const link = card.getByRole('link', { name: TITLE });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', `/calendar/${second}`);
    await shot(page, 'dashboard upcoming meetings');
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/calendar/${second}$`));
    await expect(page.getByText('Times are Sydney time. Only the committee admin adds events.')).toBeVisible();
    await page.locator('.portal-calendar').getByText(TITLE, { exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Event' });
    await expect(dialog.getByText(TITLE)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Update' })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await shot(page, 'read-only event');
    await dialog.getByRole('button', { name: 'Close' }).first().click();

    // Clicking a day opens nothing for a plain member.
    await dayCell(page, first).click({ position: { x: 30, y: 40 } });
    await expect(page.getByRole('dialog', { name: 'New Event' })).toHaveCount(0);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.locator('.portal-calendar')).toBeVisible();
    await settled(page);
    await shot(page, 'calendar phone');
    await page.goto('/dashboard');
    await expect(
      page.getByRole('region', { name: 'Upcoming meetings' }).getByRole('link', { name: TITLE }),
    ).toBeVisible();
    await shot(page, 'dashboard phone');
  });
});
