import { Avatar, Box, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { modals } from '../../lib/modals';
import {
  IconCheck,
  IconChevronDown,
  IconKey,
  IconLogout,
  IconShieldLock,
  IconSwitchHorizontal,
  IconUser,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { MESSAGES, ROLE_NAMES, ROUTES, switchableRoles, type CommitteeRef, type Role } from '@portal/shared';
import { addShellAlert, clearShellAlerts } from '../../components/shell-alerts';
import { logoutRequest, useActiveUser } from '../../features/auth/api';
import { notificationsKey } from '../../features/notifications/api';
import { clearAuth, setCurrentCommittee, setCurrentRole, useSession } from '../../lib/session';

const FORUM_DETAIL = /^\/(discussion\/|forum\/new-discussion|forum\/edit-discussion\/)/;

function initials(first?: string, last?: string): string {
  return `${first?.[0] ?? ''}${last?.[0] ?? ''}`.toUpperCase() || '?';
}

/** The user menu of spec/01 2.4: profile links, role and committee switching, log out. */
export function UserMenu() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const session = useSession();
  const activeUser = useActiveUser();
  const user = activeUser.data?.user;
  const committees = activeUser.data?.committees ?? [];
  const current = session.currentRole;
  const roles = switchableRoles(session.roles);
  const otherRoles = roles.filter((role) => role !== current);
  const currentCommitteeId = session.committeeId ?? committees[0]?.id ?? null;
  const currentCommittee = committees.find((c) => c.id === currentCommitteeId);

  const switchRole = (role: Role) =>
    modals.openConfirmModal({
      title: 'Switch view',
      children: <Text size="sm">{MESSAGES.switchRole(ROLE_NAMES[role])}</Text>,
      labels: { confirm: 'Confirm', cancel: 'Cancel' },
      onConfirm: () => {
        setCurrentRole(role);
        clearShellAlerts();
        addShellAlert({ id: 'role-switched', message: `You are now viewing the site as ${ROLE_NAMES[role]}.` });
        // Go to the dashboard and reload the page (spec/01 section 4).
        window.location.assign(ROUTES.dashboard.path);
      },
    });

  const switchCommittee = (committee: CommitteeRef) =>
    modals.openConfirmModal({
      title: 'Switch Committees',
      children: <Text size="sm">{MESSAGES.switchCommittee(committee.name)}</Text>,
      labels: { confirm: 'Confirm', cancel: 'Cancel' },
      onConfirm: () => {
        setCurrentCommittee(committee.id);
        // Committee names end in 'Committee': the line names it once.
        addShellAlert({ id: 'committee-switched', message: `You are now working in ${committee.name}.` });
        if (FORUM_DETAIL.test(pathname)) void navigate(ROUTES.forum.path);
        void queryClient.invalidateQueries({ queryKey: notificationsKey });
      },
    });

  const logOut = async () => {
    try {
      await logoutRequest();
    } catch {
      // The session ends here whatever the server answered.
    }
    clearAuth();
    clearShellAlerts();
    queryClient.removeQueries();
    void navigate(ROUTES.home.path, { replace: true });
  };

  const name = user ? `${user.first_name} ${user.last_name}` : 'Account';

  return (
    <Menu position="bottom-end" width={260} shadow="md" withinPortal>
      <Menu.Target>
        {/* Named by what it shows (name, role) and then 'User menu': the visible words are part of the name. */}
        <UnstyledButton style={{ borderRadius: 'var(--mantine-radius-xl)', padding: '4px 8px' }}>
          <Group gap="xs" wrap="nowrap">
            <Avatar color="brand" radius="xl" size={34} aria-hidden>
              {initials(user?.first_name, user?.last_name)}
            </Avatar>
            <Box visibleFrom="sm" style={{ lineHeight: 1.2 }}>
              <Text size="sm" fw={600}>
                {name}
              </Text>
              <Text size="xs" c="dimmed">
                {current ? ROLE_NAMES[current] : ''}
                {current === 'CM' && currentCommittee ? ` · ${currentCommittee.name}` : ''}
              </Text>
            </Box>
            <VisuallyHidden>User menu</VisuallyHidden>
            <Box visibleFrom="sm" style={{ display: 'flex' }}>
              <IconChevronDown size={14} aria-hidden />
            </Box>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {user && <Menu.Label>{user.email}</Menu.Label>}
        <Menu.Item component={Link} to={ROUTES.profile.path} leftSection={<IconUser size={16} />}>
          View Profile
        </Menu.Item>
        <Menu.Item component={Link} to={ROUTES.changePassword.path} leftSection={<IconKey size={16} />}>
          Change Password
        </Menu.Item>
        <Menu.Item component={Link} to={ROUTES.profile2fa.path} leftSection={<IconShieldLock size={16} />}>
          2 Step Verification
        </Menu.Item>

        {roles.length > 1 && otherRoles.length > 0 && (
          <>
            <Menu.Divider />
            <Menu.Label>Switch view to</Menu.Label>
            {otherRoles.map((role) => (
              <Menu.Item key={role} leftSection={<IconSwitchHorizontal size={16} />} onClick={() => switchRole(role)}>
                {ROLE_NAMES[role]}
              </Menu.Item>
            ))}
          </>
        )}

        {current === 'CM' && committees.length > 0 && (
          <>
            <Menu.Divider />
            <Menu.Label>Switch Committees</Menu.Label>
            {committees.map((committee) => {
              const selected = committee.id === currentCommitteeId;
              return (
                <Menu.Item
                  key={committee.id}
                  leftSection={selected ? <IconCheck size={16} /> : <IconUsersGroup size={16} />}
                  disabled={selected}
                  aria-current={selected ? 'true' : undefined}
                  onClick={() => switchCommittee(committee)}
                >
                  {committee.name}
                </Menu.Item>
              );
            })}
          </>
        )}

        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void logOut()}>
          Log Out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
