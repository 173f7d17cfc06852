import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { landingPathFor, matchRoute, ROUTES } from '@portal/shared';
import { useSession } from '../../lib/session';

/** Dashboard > page title, the title taken from the shared route table. */
export function PageBreadcrumbs() {
  const { pathname } = useLocation();
  const { currentRole } = useSession();
  const route = pathname === ROUTES.home.path ? ROUTES.dashboard : matchRoute(pathname);
  const dashboardPath = currentRole ? landingPathFor(currentRole) : ROUTES.dashboard.path;
  const onDashboard = !route || route.path === ROUTES.dashboard.path;

  return (
    <nav aria-label="Breadcrumb">
      <Breadcrumbs separator={<IconChevronRight size={14} aria-hidden />} separatorMargin={6} mb="md" styles={{ root: { flexWrap: 'wrap' } }}>
        {onDashboard ? (
          <Text size="sm" c="dimmed" aria-current="page">
            {ROUTES.dashboard.title}
          </Text>
        ) : (
          <Anchor component={Link} to={dashboardPath} size="sm">
            {ROUTES.dashboard.title}
          </Anchor>
        )}
        {!onDashboard && route && (
          <Text size="sm" c="dimmed" aria-current="page">
            {route.title}
          </Text>
        )}
      </Breadcrumbs>
    </nav>
  );
}
