import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import {
  isRole,
  PROFILE_GROUPS,
  REGISTRATION_MESSAGES as M,
  ROLE_NAMES,
  ROUTES,
  type UserRequestDetail,
} from '@portal/shared';
import { orDash } from '../../components/empty-value';
import { PageTitle } from '../../components/page-title';
import { RecordLoadError } from '../../components/record-not-found';
import { formatDate } from '../../lib/dates';
import { notifyError } from '../../lib/notify';
import { openInNewTab } from '../../lib/open-in-new-tab';
import { getAssessorCompetencyLink, getSuggestedChangesLink, useUserRequest } from './api';
import { DecisionModals, useDecision } from './decision-modals';

type Row = Record<string, unknown>;
const FIELD_LABELS: Record<string, string> = {
  Type: 'Type',
  email: 'Email',
  countryCode: 'Country code',
  phoneNumber: 'Number',
  AddressLine: 'Address line',
  Country: 'Country',
  State: 'State',
  Suburb: 'Suburb',
  Postcode: 'Post code',
  isPrimary: 'Primary',
};
const show = (v: unknown) =>
  typeof v === 'boolean' ? (v ? 'Yes' : 'No') : v === null || v === undefined || v === '' ? null : String(v);

/** Before or after cards of one group; a value that differs from the other side is highlighted yellow. */
function RowsCard({ title, rows, other }: { title: string; rows: Row[]; other: Row[] }) {
  return (
    <Card withBorder padding="sm">
      <Text fw={600} size="sm" mb="xs">
        {title}
      </Text>
      <Stack gap="sm">
        {rows.length === 0 && (
          <Text size="sm" c="dimmed">
            None
          </Text>
        )}
        {rows.map((row, i) => (
          <Stack key={i} gap={2}>
            {Object.keys(FIELD_LABELS)
              .filter((k) => k in row)
              .map((k) => {
                const differs = show(row[k]) !== show(other[i]?.[k]);
                return (
                  <Text
                    key={k}
                    size="sm"
                    bg={differs ? 'yellow.1' : undefined}
                    px={differs ? 4 : 0}
                    style={{ borderRadius: 4 }}
                  >
                    <Text span c="dimmed" size="sm">
                      {FIELD_LABELS[k]}:{' '}
                    </Text>
                    {orDash(show(row[k]))}
                    {differs && <VisuallyHidden> (changed)</VisuallyHidden>}
                  </Text>
                );
              })}
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}

function ChangeView({ r, ticked, toggle }: { r: UserRequestDetail; ticked: string[]; toggle: (key: string) => void }) {
  return (
    <Stack gap="md">
      <Card>
        <Group gap="xs">
          <Text fw={600} size="sm">
            Roles:
          </Text>
          {r.roles.map((role) => (
            <Badge key={role} variant="light">
              {isRole(role) ? ROLE_NAMES[role] : role}
            </Badge>
          ))}
        </Group>
      </Card>
      {r.changes.length > 0 && (
        <Card component="section" aria-label="CHANGE REQUEST IN">
          <Title order={2} size="h5" mb="sm">
            CHANGE REQUEST IN
          </Title>
          <Table.ScrollContainer minWidth={480}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Field</Table.Th>
                  <Table.Th>From</Table.Th>
                  <Table.Th>To</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {r.changes.map((c) => (
                  <Table.Tr key={c.key}>
                    <Table.Td>
                      <Checkbox
                        label={c.label}
                        checked={ticked.includes(c.key)}
                        onChange={() => toggle(c.key)}
                        disabled={!r.can_decide}
                      />
                    </Table.Td>
                    <Table.Td>{orDash(c.from)}</Table.Td>
                    <Table.Td>
                      <Text span size="sm" bg="yellow.1" px={4} style={{ borderRadius: 4 }}>
                        {orDash(c.to)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
      {r.competency && (
        <Card component="section" aria-label={PROFILE_GROUPS.competency}>
          <Checkbox
            label={PROFILE_GROUPS.competency}
            fw={600}
            checked={ticked.includes('competency')}
            onChange={() => toggle('competency')}
            disabled={!r.can_decide}
            mb="sm"
          />
          <Stack gap="xs">
            <Group gap="sm">
              <Button
                variant="light"
                size="xs"
                disabled={!r.competency.abilities['admin.competency.view']}
                onClick={() =>
                  r.user_id !== null &&
                  void openInNewTab(() => getAssessorCompetencyLink(r.user_id!)).catch((e: unknown) => notifyError(e))
                }
              >
                View Competencies
              </Button>
              <Button
                variant="light"
                size="xs"
                disabled={!r.competency.abilities['admin.competencySuggestion.view']}
                title={r.competency.orgDoc ?? undefined}
                onClick={() =>
                  r.competency?.document &&
                  void openInNewTab(() => getSuggestedChangesLink(r.competency!.document!)).catch((e: unknown) =>
                    notifyError(e),
                  )
                }
              >
                Suggested Changes
              </Button>
            </Group>
            {r.competency.orgDoc && (
              <Text size="xs" c="dimmed">
                Suggested changes document: {r.competency.orgDoc}
              </Text>
            )}
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {orDash(r.competency.suggestChanges)}
            </Text>
          </Stack>
        </Card>
      )}
      {r.groups.map((g) => (
        <Card key={g.key} component="section" aria-label={g.label}>
          <Checkbox
            label={g.label}
            fw={600}
            checked={ticked.includes(g.key)}
            onChange={() => toggle(g.key)}
            disabled={!r.can_decide}
            mb="sm"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <RowsCard title="Before" rows={g.before} other={g.after} />
            <RowsCard title="After" rows={g.after} other={g.before} />
          </SimpleGrid>
        </Card>
      ))}
    </Stack>
  );
}

/** /admin/pending-profile-change/{id}: tick what to apply, then Approve or Reject (spec/02 sections 2 and 4). */
export default function PendingProfileChangePage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const request = useUserRequest(Number.isInteger(id) && id > 0 ? id : null);
  const { step, setStep, result, run, pending } = useDecision(id, M.somethingWrong);
  const [ticked, setTicked] = useState<string[]>([]);
  const toggle = (key: string) => setTicked((t) => (t.includes(key) ? t.filter((k) => k !== key) : [...t, key]));

  if (request.isError)
    return (
      <RecordLoadError
        query={request}
        notFound={{
          title: 'Profile change not found',
          text: 'This profile change does not exist, or it is not one you handle.',
          backTo: ROUTES.adminPendingProfileChangeAll.path,
          backLabel: 'All Pending Profile Change',
        }}
        loadFailed="The profile change could not be loaded."
      />
    );
  const r = request.data;
  const nothing = ticked.length === 0;
  const toOutstanding = () => void navigate(ROUTES.adminOutstandingActivities.path);

  return (
    <>
      <PageTitle
        title={ROUTES.adminPendingProfileChange.title}
        description={r ? `${r.name} (${r.email}), asked on ${formatDate(r.created_at)}` : undefined}
      />
      {r && r.status !== 'pending' && (
        <Alert color="brand" mb="md">
          This profile change was {r.status}
          {r.decided_by ? ` by ${r.decided_by}` : ''}
          {r.decided_at ? ` on ${formatDate(r.decided_at)}` : ''}.
        </Alert>
      )}
      {r && r.status === 'pending' && !r.can_decide && (
        <Alert color="brand" mb="md">
          {r.decide_note ?? 'Another administrator decides this request.'}
        </Alert>
      )}
      {r && <ChangeView r={r} ticked={ticked} toggle={toggle} />}
      {r && (
        <Group justify="flex-end" gap="sm" mt="md">
          <Button variant="default" onClick={toOutstanding}>
            Cancel
          </Button>
          {r.can_decide && (
            <>
              <Button color="red" variant="light" disabled={nothing} onClick={() => setStep('reject')}>
                Reject
              </Button>
              <Button disabled={nothing} onClick={() => setStep('approve')}>
                Approve
              </Button>
            </>
          )}
        </Group>
      )}
      {r && (
        <DecisionModals
          step={step}
          setStep={setStep}
          what="profile change"
          name={r.name}
          pending={pending}
          result={result}
          onApprove={() => run({ status: 'approve', type: 'update', data: ticked }, 'approved')}
          onReject={(reason) =>
            run({ status: 'reject', type: 'update', data: ticked, reject_reason: reason }, 'rejected')
          }
          onFinished={toOutstanding}
        />
      )}
    </>
  );
}
