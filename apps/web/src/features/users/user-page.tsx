import { Badge, Button, Card, Group, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { IconEdit, IconKey, IconPlayerPause, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { isRole, pathTo, ROLE_NAMES, ROUTES, USER_ADMIN_MESSAGES as M, type UserDetail } from '@portal/shared';
import { CardHeader } from '../../components/card-header';
import { DetailCard, emailLink } from '../../components/detail-card';
import { RecordLoadError } from '../../components/record-not-found';
import { useRecordCrumbs } from '../../components/page-crumbs';
import { PageTitle } from '../../components/page-title';
import { modals } from '../../lib/modals';
import { notifyError, notifySuccess } from '../../lib/notify';
import {
  useActivateUser,
  useDeactivateUser,
  useDeleteUser,
  useForumWrite,
  useResetSecondFactors,
  useUser,
} from './api';

const nameOf = (u: UserDetail) => [u.first_name, u.middle_name, u.last_name].filter(Boolean).join(' ');

/** Asks first, then runs the action; the answer's message on success, the given or the server's on failure. */
function confirmThen(title: string, message: string, label: string, run: () => void, danger = false) {
  modals.openConfirmModal({
    title,
    children: <Text size="sm">{message}</Text>,
    labels: { confirm: label, cancel: 'Cancel' },
    confirmProps: danger ? { color: 'red' } : undefined,
    onConfirm: run,
  });
}

/** 'User can Add Discussions to Committee Forums', one switch per committee (its admin always may). */
function ForumPermissions({ user }: { user: UserDetail }) {
  const toggle = useForumWrite();
  return (
    <Card component="section" aria-label="Committees">
      <CardHeader title="Committees" />
      <Stack gap="sm">
        {user.committees.map((c) => (
          <Switch
            key={c.id}
            label={M.forumToggle}
            description={c.admin ? `${c.value} (committee admin)` : c.value}
            checked={c.can_write || c.admin}
            disabled={c.admin || !user.abilities['admin.user.forumWrite'] || toggle.isPending}
            onChange={(e) =>
              toggle.mutate(
                { id: user.id, body: { committee_id: c.id, can_write: e.currentTarget.checked } },
                { onSuccess: () => notifySuccess(M.forumUpdated), onError: () => notifyError(M.forumFailed) },
              )
            }
          />
        ))}
      </Stack>
    </Card>
  );
}

function Actions({ user }: { user: UserDetail }) {
  const navigate = useNavigate();
  const activate = useActivateUser();
  const deactivate = useDeactivateUser();
  const remove = useDeleteUser();
  const reset = useResetSecondFactors();
  const a = user.abilities;
  const name = nameOf(user);

  const onDeactivate = () =>
    confirmThen(
      'Deactivate user',
      user.committeeAdmin.length
        ? `${M.committeeAdminWarning(user.committeeAdmin)} ${M.confirmDeactivate}`
        : M.confirmDeactivate,
      'Deactivate',
      () =>
        deactivate.mutate(user.id, {
          onSuccess: (res) => notifySuccess(res.message),
          onError: (error) => notifyError(error),
        }),
      true,
    );
  const onActivate = () =>
    confirmThen('Activate user', M.confirmActivate, 'Activate', () =>
      activate.mutate(user.id, {
        onSuccess: (res) => notifySuccess(res.message),
        onError: (error) => notifyError(error),
      }),
    );
  const onDelete = () =>
    confirmThen(
      'Delete user',
      M.confirmDelete,
      'Delete',
      () =>
        remove.mutate(user.id, {
          onSuccess: () => {
            notifySuccess(M.deleted);
            void navigate(ROUTES.adminUsers.path);
          },
          onError: () => notifyError(M.deleteFailed),
        }),
      true,
    );
  const onReset = () =>
    confirmThen('Reset second factors', M.confirmReset, 'Reset', () =>
      reset.mutate(user.id, {
        onSuccess: (res) => notifySuccess(res.message),
        onError: (error) => notifyError(error),
      }),
    );

  return (
    <Group gap="sm" aria-label={`Actions for ${name}`} role="group">
      {a['admin.user.update'] && (
        <Button
          component={Link}
          to={pathTo('adminEditPersonalDetails', { id: user.id })}
          leftSection={<IconEdit size={16} aria-hidden />}
        >
          Edit Personal Details
        </Button>
      )}
      {user.activated
        ? a['admin.user.deactivate'] && (
            <Button
              variant="default"
              leftSection={<IconPlayerPause size={16} aria-hidden />}
              loading={deactivate.isPending}
              onClick={onDeactivate}
            >
              Deactivate
            </Button>
          )
        : a['admin.user.activate'] && (
            <Button
              variant="default"
              leftSection={<IconPlayerPlay size={16} aria-hidden />}
              loading={activate.isPending}
              onClick={onActivate}
            >
              Activate
            </Button>
          )}
      {a['admin.secondFactor.reset'] && (
        <Button
          variant="default"
          leftSection={<IconKey size={16} aria-hidden />}
          loading={reset.isPending}
          onClick={onReset}
        >
          Reset second factors
        </Button>
      )}
      {a['admin.user.delete'] && (
        <Button
          color="red"
          variant="outline"
          leftSection={<IconTrash size={16} aria-hidden />}
          loading={remove.isPending}
          onClick={onDelete}
        >
          Delete
        </Button>
      )}
    </Group>
  );
}

/** /admin/user/{id}: the user's profile and what the admin may do to the account. */
export default function UserPage() {
  const id = Number(useParams().id);
  const user = useUser(Number.isInteger(id) && id > 0 ? id : null);
  const u = user.data;
  useRecordCrumbs(u ? { adminUser: { label: nameOf(u) } } : null);

  if (user.isError)
    return (
      <RecordLoadError
        query={user}
        notFound={{
          title: 'User not found',
          text: 'This user does not exist, or is not one you manage.',
          backTo: ROUTES.adminUsers.path,
          backLabel: 'All Users',
        }}
        loadFailed="The user could not be loaded."
      />
    );
  return (
    <>
      <PageTitle
        title={u ? nameOf(u) : ROUTES.adminUser.title}
        description={u ? (u.activated ? 'Active account' : 'Deactivated account') : undefined}
      />
      {u && (
        <Stack gap="md">
          <Actions user={u} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <DetailCard
              title="Personal Details"
              details={[
                { label: 'Name', value: nameOf(u) },
                { label: 'Position Title', value: u.title },
                { label: 'Email', value: emailLink(u.email) },
                { label: 'Phone', value: u.mobile_number },
                ...(u.user_info ? [{ label: 'User ID', value: u.resource_id }] : []),
              ]}
            >
              <Group gap="xs" mt="md">
                {u.roles.map((r) => (
                  <Badge key={r} variant="light">
                    {isRole(r) ? ROLE_NAMES[r] : r}
                  </Badge>
                ))}
                {!u.activated && (
                  <Badge color="gray" variant="light">
                    Deactivated
                  </Badge>
                )}
              </Group>
            </DetailCard>
            <DetailCard
              title="Address"
              details={[
                { label: 'Address', value: u.address },
                { label: 'Suburb', value: u.suburb },
                { label: 'State', value: u.state },
                { label: 'Post Code', value: u.postcode },
                { label: 'Country', value: u.country },
              ]}
            />
            {u.facilities.length > 0 && (
              <DetailCard
                title="Facilities"
                details={u.facilities.map((f) => ({
                  label: `${f.facility_number} - ${f.facility_name}`,
                  value: f.sites.map((s) => s.value).join(', '),
                }))}
              />
            )}
            {u.committees.length > 0 && <ForumPermissions user={u} />}
          </SimpleGrid>
        </Stack>
      )}
    </>
  );
}
