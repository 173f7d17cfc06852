import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ModalsProvider } from '@mantine/modals';
import { Navigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { CalendarEvent, Committee } from '@portal/shared';
import { mockFetch, renderWithApp } from '../../test/render';
import { signInAs } from '../../test/sign-in';
import CalendarPage from './calendar-page';
import { EventModal } from './event-modal';
import { UpcomingMeetingsCard } from './upcoming-meetings-card';

const committee = (over: Partial<Committee> = {}): Committee => ({
  id: 3,
  name: 'Chemical Testing Committee',
  value: 'Chemical Testing Committee',
  admin_id: 1,
  admin: { id: 1, first_name: 'Carla', last_name: 'Chair' },
  is_admin: false,
  is_member: true,
  ...over,
});

const event = (n: number, over: Partial<CalendarEvent> = {}): CalendarEvent => ({
  id: n,
  title: `Meeting ${n}`,
  start: `2026-12-0${n} 09:30:00`,
  end: `2026-12-0${n} 11:00:00`,
  allDay: false,
  committee_id: 3,
  isCreatedBy: false,
  creator: { id: 1, first_name: 'Carla', last_name: 'Chair' },
  abilities: { 'calendar.event.update': false, 'calendar.event.delete': false },
  ...over,
});

function serve(committees: Committee[], events: CalendarEvent[], canCreate = false) {
  return mockFetch((url) => {
    const u = new URL(url, 'http://x');
    if (u.pathname === '/api/committees') return { body: { data: committees } };
    if (u.pathname === '/api/events')
      return { body: { data: events, abilities: { 'calendar.event.create': canCreate } } };
    if (u.pathname === '/api/calendar/feed')
      return { body: { url: 'http://portal.test/api/calendar/ics/5.secret.ics' } };
    return undefined;
  });
}

describe("the dashboard's Upcoming meetings", () => {
  it('lists the first events from now of the current committee, each linking to the calendar at its start', async () => {
    signInAs('CM', 't', 3);
    const { calls } = serve(
      [committee()],
      [
        event(1),
        event(2, { title: 'Workshop', start: '2026-12-05 00:00:00', end: '2026-12-07 00:00:00', allDay: true }),
      ],
    );
    renderWithApp(<UpcomingMeetingsCard />, { path: '/dashboard' });
    const card = await screen.findByRole('region', { name: 'Upcoming meetings' });
    const link = await within(card).findByRole('link', { name: 'Meeting 1' });
    expect(link).toHaveAttribute('href', '/calendar/2026-12-01');
    expect(within(card).getByText('01/12/2026 9:30 am – 11:00 am')).toBeInTheDocument();
    expect(within(card).getByText('05/12/2026 – 06/12/2026 (all day)')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/events?committee_id=3&upcoming=true&limit=5')).toBe(true);
  });

  it('says so when there is nothing coming', async () => {
    signInAs('CM', 't', 3);
    serve([committee()], []);
    renderWithApp(<UpcomingMeetingsCard />, { path: '/dashboard' });
    expect(await screen.findByText('No upcoming meetings.')).toBeInTheDocument();
  });
});

describe('the calendar page', () => {
  it('opens at the date of the address, shows the events read-only to a member, and the feed address', async () => {
    signInAs('CM', 't', 3);
    const { calls } = serve([committee()], [event(1)]);
    renderWithApp(<Navigate to="/calendar/2026-12-01" />, {
      path: '/',
      extraRoutes: [
        {
          path: '/calendar/:date',
          element: (
            <ModalsProvider>
              <CalendarPage />
            </ModalsProvider>
          ),
        },
      ],
    });
    expect(await screen.findByRole('heading', { name: 'December 2026' })).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.some((c) => c.url.startsWith('/api/events?committee_id=3&start=2026-11-30&end=2027-01-11'))).toBe(
        true,
      ),
    );
    await userEvent.click(await screen.findByText('Meeting 1'));
    const dialog = await screen.findByRole('dialog', { name: 'Event' });
    expect(within(dialog).getByText('01/12/2026 9:30 am – 11:00 am')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Update' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.getByLabelText('Your calendar address')).toHaveValue(
      'http://portal.test/api/calendar/ics/5.secret.ics',
    );
    expect(screen.getByRole('button', { name: 'Reset link' })).toBeEnabled();
    expect(screen.getByText('Times are Sydney time. Only the committee admin adds events.')).toBeInTheDocument();
  });

  it('offers the committee admin a New event button (day cells take no focus), and shows a cut title whole on focus', async () => {
    signInAs('CM', 't', 3);
    const long = 'Quarterly proficiency testing review with the technical assessors panel';
    serve([committee({ is_admin: true })], [event(1, { title: long })], true);
    renderWithApp(<Navigate to="/calendar/2026-12-01" />, {
      path: '/',
      extraRoutes: [
        {
          path: '/calendar/:date',
          element: (
            <ModalsProvider>
              <CalendarPage />
            </ModalsProvider>
          ),
        },
      ],
    });
    const user = userEvent.setup();
    const shown = await screen.findByText(long);
    const eventEl = shown.closest('[title]') as HTMLElement;
    expect(eventEl).toHaveAttribute('title', long);
    eventEl.focus();
    expect(await screen.findByText(`${long} · 01/12/2026 9:30 am – 11:00 am`)).toBeInTheDocument();
    const add = screen.getByRole('button', { name: 'New event' });
    add.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'New Event' });
    expect(within(dialog).getByRole('textbox', { name: /Event Name/i })).toHaveValue('');
  });

  it('explains itself to a user in no committee', async () => {
    signInAs('AR');
    serve([], []);
    renderWithApp(<CalendarPage />, { path: '/calendar' });
    expect(await screen.findByText(/You are not a member of any committee/)).toBeInTheDocument();
  });
});

describe('the event form', () => {
  it("says the spec's messages for an empty name and an end before the start", async () => {
    signInAs('CM', 't', 3);
    const { calls } = serve([committee({ is_admin: true })], [], true);
    renderWithApp(
      <EventModal
        state={{ kind: 'create', committeeId: 3, start: '2026-12-01 09:00:00', allDay: false }}
        onClose={() => {}}
      />,
      { path: '/calendar' },
    );
    const dialog = await screen.findByRole('dialog', { name: 'New Event' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter an event name')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('shows an all-day event ending one day less, and sends the exclusive end back', async () => {
    signInAs('CM', 't', 3);
    const { calls } = mockFetch((url, init) => {
      if (new URL(url, 'http://x').pathname === '/api/events/9' && init.method === 'PUT')
        return { body: { message: 'Event updated successfully.', event: event(9) } };
      return undefined;
    });
    const own = event(9, {
      title: 'Workshop',
      start: '2026-12-05 00:00:00',
      end: '2026-12-07 00:00:00',
      allDay: true,
      isCreatedBy: true,
      abilities: { 'calendar.event.update': true, 'calendar.event.delete': true },
    });
    renderWithApp(<EventModal state={{ kind: 'event', event: own }} onClose={() => {}} />, { path: '/calendar' });
    const dialog = await screen.findByRole('dialog', { name: 'Update Event' });
    expect(within(dialog).getByRole('button', { name: /End date/ })).toHaveTextContent('06/12/2026');
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        title: 'Workshop',
        start: '2026-12-05 00:00:00',
        end: '2026-12-07 00:00:00',
        allDay: true,
      }),
    );
  });
});
