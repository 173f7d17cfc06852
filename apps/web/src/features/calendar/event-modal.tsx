import { Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { DatePickerInput, DateTimePicker } from '@mantine/dates';
import { modals } from '../../lib/modals';
import {
  addDaysLocal,
  CALENDAR_MESSAGES,
  defaultEventEnd,
  eventForm,
  eventRequestOf,
  type CalendarEvent,
  type EventFormValues,
} from '@portal/shared';
import { applyServerErrors, useSchemaForm } from '../../lib/form';
import { notifyFormError, notifyFormSuccess } from '../../lib/notify';
import { formatEventWhen } from './event-time';
import { useCreateEvent, useDeleteEvent, useUpdateEvent } from './api';

const FORM_ID = 'event-form';

/** What the modal is open for: a new event on a day (an admin), or an existing one. */
export type EventModalState =
  | { kind: 'create'; committeeId: number; start: string; allDay: boolean }
  | { kind: 'event'; event: CalendarEvent }
  | null;

/** The form's values of an event: an all-day end is shown as its last day (spec 9: one day less). */
function valuesOf(state: NonNullable<EventModalState>): EventFormValues {
  if (state.kind === 'create')
    return {
      title: '',
      start: state.start,
      end: state.allDay ? state.start : defaultEventEnd(state.start, false),
      allDay: state.allDay,
    };
  const e = state.event;
  return { title: e.title, start: e.start, end: e.allDay ? addDaysLocal(e.end, -1) : e.end, allDay: e.allDay };
}

/** The event create/update modal (spec/02 "Calendar"); read-only for a member who did not create the event. */
export function EventModal({ state, onClose }: { state: EventModalState; onClose: () => void }) {
  const title =
    state === null
      ? ''
      : state.kind === 'create'
        ? 'New Event'
        : state.event.abilities['calendar.event.update']
          ? 'Update Event'
          : 'Event';
  return (
    <Modal opened={state !== null} onClose={onClose} title={title} centered>
      {state !== null &&
        (state.kind === 'event' && !state.event.abilities['calendar.event.update'] ? (
          <EventDetails event={state.event} onClose={onClose} />
        ) : (
          <EventForm
            key={state.kind === 'create' ? `new-${state.start}` : state.event.id}
            state={state}
            onClose={onClose}
          />
        ))}
    </Modal>
  );
}

function EventDetails({ event, onClose }: { event: CalendarEvent; onClose: () => void }) {
  return (
    <Stack gap="sm">
      <div>
        <Text size="sm" c="dimmed">
          Event name
        </Text>
        <Text fw={500}>{event.title}</Text>
      </div>
      <div>
        <Text size="sm" c="dimmed">
          When
        </Text>
        <Text>{formatEventWhen(event)}</Text>
      </div>
      {event.creator && (
        <div>
          <Text size="sm" c="dimmed">
            Added by
          </Text>
          <Text>
            {event.creator.first_name} {event.creator.last_name}
          </Text>
        </div>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Group>
    </Stack>
  );
}

function EventForm({ state, onClose }: { state: NonNullable<EventModalState>; onClose: () => void }) {
  const form = useSchemaForm<EventFormValues>(eventForm, { initialValues: valuesOf(state) });
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const remove = useDeleteEvent();
  const values = form.getValues();
  const existing = state.kind === 'event' ? state.event : null;

  const failed = (error: unknown) => {
    const rest = applyServerErrors(form, error);
    if (rest) notifyFormError(FORM_ID, rest);
  };

  const submit = form.onSubmit((v) => {
    const body = eventRequestOf(eventForm.parse(v));
    const done = (res: { message: string }) => {
      notifyFormSuccess(FORM_ID, res.message);
      onClose();
    };
    if (existing) update.mutate({ id: existing.id, body }, { onSuccess: done, onError: failed });
    else if (state.kind === 'create')
      create.mutate({ committee_id: state.committeeId, ...body }, { onSuccess: done, onError: failed });
  });

  const confirmDelete = () => {
    if (!existing) return;
    modals.openConfirmModal({
      title: 'Delete event',
      children: <Text size="sm">Are you sure you want to delete the event "{existing.title}"?</Text>,
      labels: { confirm: 'Yes, Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(existing.id, {
          onSuccess: (res) => {
            notifyFormSuccess(FORM_ID, res.message);
            onClose();
          },
          onError: () => notifyFormError(FORM_ID, CALENDAR_MESSAGES.deleteRefused),
        }),
    });
  };

  const toggleAllDay = (allDay: boolean) => {
    const start = values.start.slice(0, 10);
    form.setValues(
      allDay
        ? { allDay, start: `${start} 00:00:00`, end: `${values.end.slice(0, 10)} 00:00:00` }
        : { allDay, start: `${start} 09:00:00`, end: `${start} 09:30:00` },
    );
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        <TextInput label="Event name" required data-autofocus {...form.getInputProps('title')} />
        <Checkbox label="All day" checked={values.allDay} onChange={(e) => toggleAllDay(e.currentTarget.checked)} />
        {values.allDay ? (
          <>
            <DatePickerInput label="Start date" required valueFormat="DD/MM/YYYY" {...form.getInputProps('start')} />
            <DatePickerInput label="End date" required valueFormat="DD/MM/YYYY" {...form.getInputProps('end')} />
          </>
        ) : (
          <>
            <DateTimePicker label="Start" required valueFormat="DD/MM/YYYY h:mm A" {...form.getInputProps('start')} />
            <DateTimePicker label="End" required valueFormat="DD/MM/YYYY h:mm A" {...form.getInputProps('end')} />
          </>
        )}
        <Text size="xs" c="dimmed">
          Times are Sydney time (Australia/Sydney).
        </Text>
        <Group justify="space-between" mt="sm">
          {existing?.abilities['calendar.event.delete'] ? (
            <Button color="red" variant="light" onClick={confirmDelete} loading={remove.isPending}>
              Delete
            </Button>
          ) : (
            <span />
          )}
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {existing ? 'Update' : 'Save'}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
