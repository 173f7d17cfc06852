import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { breadcrumbTrail, landingPathFor, ROUTES, routeNameOf, type RouteName } from '@portal/shared';
import { useRecordCrumbsValue } from '../../components/page-crumbs';
import { useSession } from '../../lib/session';

/**
 * The trail of the shared route table (breadcrumbTrail): the role's landing page, the page's parents,
 * the page; record pages name their records (components/page-crumbs.ts).
 */
export function PageBreadcrumbs() {
  const { pathname } = useLocation();
  const { currentRole } = useSession();
  const records = useRecordCrumbsValue();
  const name = pathname === ROUTES.home.path ? 'dashboard' : routeNameOf(pathname);
  const landing = routeNameOf(currentRole ? landingPathFor(currentRole) : ROUTES.dashboard.path) ?? 'dashboard';
  const trail: RouteName[] = name ? breadcrumbTrail(name, landing) : [landing];

  return (
    <nav aria-label="Breadcrumb">
      <Breadcrumbs
        separator={<IconChevronRight size={14} aria-hidden />}
        separatorMargin={6}
        mb="md"
        styles={{ root: { flexWrap: 'wrap' } }}
      >
        {trail.map((step, i) => {
          const label = records[step]?.label ?? ROUTES[step].title;
          const last = i === trail.length - 1;
          const to = records[step]?.to ?? (ROUTES[step].path.includes(':') ? undefined : ROUTES[step].path);
          if (last || !to) {
            return (
              <Text key={step} size="sm" c="dimmed" aria-current={last ? 'page' : undefined}>
                {label}
              </Text>
            );
          }
          return (
            <Anchor key={step} component={Link} to={to} size="sm">
              {label}
            </Anchor>
          );
        })}
      </Breadcrumbs>
    </nav>
  );
}
