import {
  Alert,
  Anchor,
  Button,
  Card,
  CopyButton,
  Grid,
  Group,
  Loader,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { modals } from '../../lib/modals';
import { IconCalendarEvent, IconLink, IconPlus, IconSearch } from '@tabler/icons-react';
import './calendar.css';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  CALENDAR_ASPECT_RATIO,
  CALENDAR_MESSAGES,
  TIMEZONE,
  calendarPathFor,
  normalizeLocal,
  ROUTES,
  type CalendarEvent,
  type Committee,
} from '@portal/shared';
import { CardHeader } from '../../components/card-header';
import { useRecordCrumbs } from '../../components/page-crumbs';
import { PageTitle } from '../../components/page-title';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useCalendarFeed, useCurrentCommittee, useEvents, useEventSearch, useResetFeed, useUpdateEvent } from './api';
import type { EventModalState } from './event-modal';

// FullCalendar loads once the page is drawn, behind a box of its size; the event form (and
// @mantine/dates' pickers) when an event is first opened or created.
const MonthCalendar = lazy(() => import('./month-calendar'));
const EventModal = lazy(() => import('./event-modal').then((m) => ({ default: m.EventModal })));
import { formatEventWhen } from './event-time';

/** A phone's calendar: taller than wide (DECISIONS-local "Calendar"). */
const PHONE_ASPECT_RATIO = 0.7;

/** FullCalendar's date text ('2026-11-25T09:30:00+11:00' or '2026-11-25') as the API's Sydney wall-clock text. */
const wallClock = (text: string) => normalizeLocal(text.slice(0, 19))!;

/** '2026-11-25' as the screens' DD/MM/YYYY. */
const dayMonthYear = (isoDay: string) => isoDay.split('-').reverse().join('/');

/** Today in Sydney as 'YYYY-MM-DD' (en-CA writes dates that way). */
const sydneyToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: TIMEZONE }).format(new Date());

/** /calendar and /calendar/{date}: the current committee's calendar (spec/02 "Calendar"). */
export default function CalendarPage() {
  const { date } = useParams();
  const initialDate = date ? normalizeLocal(date.slice(0, 10))?.slice(0, 10) : undefined;
  const { committee, loading } = useCurrentCommittee();
  // /calendar/{date} names its date in the trail (not 'Calendar' a second time).
  useRecordCrumbs(initialDate ? { calendarDate: { label: dayMonthYear(initialDate) } } : null);

  return (
    <>
      <PageTitle title={ROUTES.calendar.title} description={committee ? committee.name : undefined} />
      {loading ? (
        <Loader aria-label="Loading the calendar" />
      ) : committee === null ? (
        <Alert color="blue" title="No committee calendar">
          You are not a member of any committee, so there is no committee calendar to show. Committee members see their
          committee's meetings and events here.
        </Alert>
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Card>
              <CommitteeCalendar
                key={`${committee.id}-${initialDate ?? ''}`}
                committee={committee}
                initialDate={initialDate}
              />
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Stack gap="lg">
              <EventSearch committee={committee} />
              <FeedCard />
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </>
  );
}

function CommitteeCalendar({ committee, initialDate }: { committee: Committee; initialDate?: string }) {
  const [range, setRange] = useState<{ start: string; end: string } | null>(null);
  const [modal, setModal] = useState<EventModalState>(null);
  // Kept once opened, so the modal closes with its own transition.
  const [modalUsed, setModalUsed] = useState(false);
  if (modal !== null && !modalUsed) setModalUsed(true);
  // On a phone the spec's 1.5 leaves rows too short to show an event: the calendar stands taller there.
  const phone = useMediaQuery('(max-width: 36em)');
  const events = useEvents(committee.id, range);
  const update = useUpdateEvent();
  const canCreate = events.data?.abilities['calendar.event.create'] ?? false;
  const byId = new Map((events.data?.data ?? []).map((e) => [String(e.id), e]));
  // The event under the pointer or the keyboard's focus, shown whole under the calendar; listeners
  // added when FullCalendar mounts an event read the newest events through the ref.
  const [peek, setPeek] = useState<CalendarEvent | null>(null);
  const byIdRef = useRef(byId);
  useEffect(() => {
    byIdRef.current = byId;
  });

  /** A drag or a resize: the new times go to the server; a refusal puts the event back. */
  const moved = (info: {
    event: { id: string; title: string; startStr: string; endStr: string; allDay: boolean };
    revert: () => void;
  }) => {
    const e = info.event;
    const start = wallClock(e.startStr);
    const end = e.endStr ? wallClock(e.endStr) : null;
    update.mutate(
      { id: Number(e.id), body: { title: e.title, start, end, allDay: e.allDay } },
      {
        onSuccess: (res) => notifySuccess(res.message),
        onError: (error) => {
          info.revert();
          notifyError(error);
        },
      },
    );
  };

  // A keyboard's way to add an event: day cells take no focus, so a button opens the same form.
  const createOnDay = (day: string) =>
    setModal({ kind: 'create', committeeId: committee.id, start: `${day} 00:00:00`, allDay: true });

  return (
    <div className="portal-calendar">
      {canCreate && (
        <Group justify="flex-end" mb="sm">
          <Button
            size="sm"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() =>
              createOnDay(
                range && (sydneyToday() < range.start || sydneyToday() >= range.end) ? range.start : sydneyToday(),
              )
            }
          >
            New event
          </Button>
        </Group>
      )}
      <Suspense
        fallback={
          <Skeleton
            role="status"
            aria-busy="true"
            aria-label="Loading the calendar"
            radius="sm"
            style={{ aspectRatio: String(phone ? PHONE_ASPECT_RATIO : CALENDAR_ASPECT_RATIO) }}
          />
        }
      >
        <MonthCalendar
          initialView="dayGridMonth"
          initialDate={initialDate}
          timeZone={TIMEZONE}
          firstDay={1}
          aspectRatio={phone ? PHONE_ASPECT_RATIO : CALENDAR_ASPECT_RATIO}
          headerToolbar={{ start: 'prev,next today', center: 'title', end: 'dayGridMonth,timeGridWeek' }}
          todayText="Today"
          // The hint is the button's accessible name: it starts with what the button shows.
          todayHint={(unitText: string) => `Today (this ${unitText})`}
          monthText="Month"
          dayMaxEvents
          events={(events.data?.data ?? []).map((e) => ({
            id: String(e.id),
            title: e.title,
            start: e.start.replace(' ', 'T'),
            end: e.end.replace(' ', 'T'),
            allDay: e.allDay,
            editable: e.abilities['calendar.event.update'],
            classNames: e.isCreatedBy ? ['portal-event-own'] : ['portal-event-read-only'],
          }))}
          datesSet={(info) => setRange({ start: info.startStr.slice(0, 10), end: info.endStr.slice(0, 10) })}
          dateClick={(info) => {
            if (!canCreate) return;
            const start = info.allDay ? `${info.dateStr.slice(0, 10)} 00:00:00` : wallClock(info.dateStr);
            setModal({ kind: 'create', committeeId: committee.id, start, allDay: info.allDay });
          }}
          eventClick={(info) => {
            info.jsEvent.preventDefault();
            const event = byId.get(info.event.id);
            if (event) setModal({ kind: 'event', event });
          }}
          // A month's cell cuts a long title: the whole title shows on hover (the title's tooltip) and,
          // on hover or keyboard focus, in the line under the calendar.
          eventDidMount={(info) => {
            const el = info.el;
            const show = () => setPeek(byIdRef.current.get(info.event.id) ?? null);
            const hide = () => setPeek((p) => (p && String(p.id) === info.event.id ? null : p));
            el.setAttribute('title', info.event.title);
            el.addEventListener('focus', show);
            el.addEventListener('mouseenter', show);
            el.addEventListener('blur', hide);
            el.addEventListener('mouseleave', hide);
          }}
          eventDrop={moved}
          eventResize={moved}
        />
      </Suspense>
      <Text size="sm" mt="xs" mih="2.6em" aria-live="polite">
        {peek ? `${peek.title} · ${formatEventWhen(peek)}` : ''}
      </Text>
      <Text size="xs" c="dimmed">
        {canCreate
          ? 'Click a day or New event to add an event; drag or resize your own events to move them. Times are Sydney time.'
          : 'Times are Sydney time. Only the committee admin adds events.'}
      </Text>
      {modalUsed && (
        <Suspense fallback={null}>
          <EventModal state={modal} onClose={() => setModal(null)} />
        </Suspense>
      )}
    </div>
  );
}

function EventSearch({ committee }: { committee: Committee }) {
  const [term, setTerm] = useState('');
  const search = useEventSearch(committee.id, term);
  const found: CalendarEvent[] = search.data?.data ?? [];
  return (
    <Card component="section" aria-label="Search future events">
      <CardHeader title="Search future events" icon={<IconSearch size={20} />} />
      <TextInput
        label="Event name"
        placeholder="Search"
        value={term}
        onChange={(e) => setTerm(e.currentTarget.value)}
      />
      {term.trim() !== '' && (
        <Stack gap={6} mt="sm" aria-live="polite">
          {search.isFetching && found.length === 0 ? (
            <Text size="sm" c="dimmed">
              Searching…
            </Text>
          ) : found.length === 0 ? (
            <Text size="sm" c="dimmed">
              No future events match.
            </Text>
          ) : (
            found.map((e) => (
              <div key={e.id}>
                <Anchor component={Link} to={calendarPathFor(e.start)} size="sm" fw={500}>
                  {e.title}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {formatEventWhen(e)}
                </Text>
              </div>
            ))
          )}
        </Stack>
      )}
    </Card>
  );
}

function FeedCard() {
  const feed = useCalendarFeed(true);
  const reset = useResetFeed();
  const confirmReset = () =>
    modals.openConfirmModal({
      title: 'Reset link',
      children: (
        <Text size="sm">
          The current address will stop working at once; calendar apps that use it will need the new one. Reset the
          link?
        </Text>
      ),
      labels: { confirm: 'Yes, Reset', cancel: 'Cancel' },
      onConfirm: () =>
        reset.mutate(undefined, {
          onSuccess: (res) => notifySuccess(res.message ?? CALENDAR_MESSAGES.feedReset),
          onError: (error) => notifyError(error),
        }),
    });
  return (
    <Card component="section" aria-label="Calendar feed">
      <CardHeader title="Calendar feed" icon={<IconCalendarEvent size={20} />} />
      <Text size="sm" mb="sm">
        Add this address to your calendar app to see the events of your committees. Keep it private: anyone with it can
        read them.
      </Text>
      <TextInput
        label="Your calendar address"
        readOnly
        value={feed.data?.url ?? ''}
        leftSection={<IconLink size={16} />}
        onFocus={(e) => e.currentTarget.select()}
      />
      <Group mt="sm" gap="sm">
        <CopyButton value={feed.data?.url ?? ''}>
          {({ copied, copy }) => (
            <Button
              size="sm"
              disabled={!feed.data}
              onClick={() => {
                copy();
                notifySuccess(CALENDAR_MESSAGES.feedCopied);
              }}
            >
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
        <Button size="sm" variant="default" onClick={confirmReset} loading={reset.isPending} disabled={!feed.data}>
          Reset link
        </Button>
      </Group>
    </Card>
  );
}
