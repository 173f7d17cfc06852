import { useState } from 'react';
import {
  Button,
  Checkbox,
  Group,
  MultiSelect,
  Paper,
  Radio,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  ADMIN_COMMS_MESSAGES as M,
  NOTIFICATION_GROUPS,
  ROLE_NAMES,
  TA_SEND_TO,
  TA_SEND_TO_LABELS,
  noticeForm,
  picksCommitteeGroup,
  type NoticeFormValues,
  type NotificationSend,
  type TaSendTo,
} from '@portal/shared';
import { useSchemaForm } from '../../lib/form';
import { modals } from '../../lib/modals';
import { notifyFormError } from '../../lib/notify';
import { showSuccess } from '../../lib/confirm-then-run';
import { useCommitteeNames, useSendNotice } from './api';
import type { ReportRecipients } from '../../lib/report-recipients';

const FORM_ID = 'send-notice';

const blank = (sendTo: string | null): NoticeFormValues => ({
  sender_name: '',
  sender_email: '',
  notification_title: '',
  notification_body: '',
  groups: [],
  committee_ids: [],
  send_to: sendTo,
});

/** The problem the server would answer first, said before sending (the same words). */
function firstProblem(v: NoticeFormValues, audiences: { groups: boolean; assessors: boolean }): string | null {
  if (![v.sender_name, v.sender_email, v.notification_title, v.notification_body].every((s) => s.trim()))
    return M.notificationFieldsEmpty;
  if (audiences.groups && !audiences.assessors && v.groups.length === 0) return M.notificationNoGroup;
  if (audiences.assessors && !audiences.groups && !v.send_to) return M.notificationNoOption;
  if (audiences.groups && audiences.assessors && v.groups.length === 0 && !v.send_to) return M.notificationNoGroup;
  return null;
}

function Preview({ v }: { v: NoticeFormValues }) {
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        From {v.sender_name || '—'} ({v.sender_email || '—'})
      </Text>
      <Title order={3} size="h4">
        {v.notification_title || 'No title yet'}
      </Title>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {v.notification_body || 'No message yet'}
      </Text>
    </Stack>
  );
}

/**
 * Send Notification: a SYSADMIN picks groups (CM narrowed by committee), a TA_ADMIN the report's
 * users or all TAs; preview, send (success, then the form is cleared); Cancel asks first.
 */
export function SendNoticeForm({
  audiences,
  report,
  onReportDone,
}: {
  audiences: { groups: boolean; assessors: boolean };
  report: ReportRecipients | null;
  /** The report's users were sent to or the form was cleared: the page forgets them. */
  onReportDone?: () => void;
}) {
  const send = useSendNotice();
  const initialSendTo = audiences.assessors && report ? 'REPORT_USERS' : null;
  const form = useSchemaForm<NoticeFormValues>(noticeForm, { initialValues: blank(initialSendTo) });
  const [reportUsers, setReportUsers] = useState(report);
  const v = form.getValues();
  const committees = useCommitteeNames(audiences.groups && picksCommitteeGroup(v.groups));

  const reset = () => {
    if (reportUsers) onReportDone?.();
    setReportUsers(null);
    form.setValues(blank(null));
    form.resetDirty();
  };

  const submit = (values: NoticeFormValues) => {
    const problem = firstProblem(values, audiences);
    if (problem) return notifyFormError(FORM_ID, problem);
    const body: Partial<NotificationSend> = {
      sender_name: values.sender_name,
      sender_email: values.sender_email,
      notification_title: values.notification_title,
      notification_body: values.notification_body,
    };
    if (values.groups.length > 0) {
      body.send_to = values.groups as NotificationSend['send_to'];
      body.committee_ids = picksCommitteeGroup(values.groups) ? values.committee_ids.map(Number) : [];
    } else if (values.send_to) {
      body.send_to = values.send_to as TaSendTo;
      if (values.send_to === 'REPORT_USERS' && reportUsers) {
        body.user_ids = reportUsers.userIds;
        body.unUsedForMonths = reportUsers.months;
        body.selectedReportOptions = reportUsers.options;
      }
    }
    send.mutate(body, {
      onSuccess: (res) => {
        showSuccess(`${res.message} ${res.recipients} ${res.recipients === 1 ? 'user' : 'users'} will receive it.`);
        reset();
      },
      onError: (error) => notifyFormError(FORM_ID, error),
    });
  };

  const cancel = () =>
    modals.openConfirmModal({
      title: 'Cancel this notification?',
      children: <Text size="sm">What you have written will be cleared.</Text>,
      labels: { confirm: 'Yes, cancel', cancel: 'Keep editing' },
      onConfirm: reset,
    });

  const preview = () => modals.open({ title: 'Preview', size: 'lg', children: <Preview v={form.getValues()} /> });

  return (
    <Paper withBorder p="lg" radius="md" maw={820}>
      <form id={FORM_ID} noValidate onSubmit={form.onSubmit(submit)}>
        <Stack gap="md">
          <Group grow align="flex-start" wrap="wrap">
            <TextInput label="Sender Full Name" miw={220} {...form.getInputProps('sender_name')} />
            <TextInput label="Sender Email" type="email" miw={220} {...form.getInputProps('sender_email')} />
          </Group>
          <TextInput label="Notification Title" {...form.getInputProps('notification_title')} />
          <Textarea label="Notification Body" rows={6} resize="vertical" {...form.getInputProps('notification_body')} />
          {audiences.groups && (
            <Checkbox.Group label="Send To" {...form.getInputProps('groups')}>
              <Group mt={6} gap="lg">
                {NOTIFICATION_GROUPS.map((g) => (
                  <Checkbox key={g} value={g} label={ROLE_NAMES[g]} />
                ))}
              </Group>
            </Checkbox.Group>
          )}
          {audiences.groups && picksCommitteeGroup(v.groups) && (
            <MultiSelect
              label="Committees"
              description="Leave empty to send to the members of every committee."
              data={(committees.data?.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
              searchable
              clearable
              {...form.getInputProps('committee_ids')}
            />
          )}
          {audiences.assessors && (
            <Radio.Group label="Send Notification to" {...form.getInputProps('send_to')}>
              <Stack mt={6} gap={6}>
                {TA_SEND_TO.map((o) => (
                  <Radio
                    key={o}
                    value={o}
                    disabled={o === 'REPORT_USERS' && !reportUsers}
                    label={
                      o === 'REPORT_USERS' && reportUsers
                        ? `${TA_SEND_TO_LABELS[o]} (${reportUsers.userIds.length})`
                        : TA_SEND_TO_LABELS[o]
                    }
                    description={o === 'REPORT_USERS' && !reportUsers ? 'Run the report and choose Notify.' : undefined}
                  />
                ))}
              </Stack>
            </Radio.Group>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={cancel}>
              Cancel
            </Button>
            <Button variant="light" onClick={preview}>
              Preview
            </Button>
            <Button type="submit" loading={send.isPending}>
              Send
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
