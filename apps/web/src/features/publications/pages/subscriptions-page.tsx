import { useId, useState } from 'react';
import {
  Anchor,
  Button,
  Card,
  Checkbox,
  Group,
  List,
  Loader,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { IconBell, IconCategory, IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { canEnter, pathTo, ROUTES, type CategoryNode, type SubcategoryNode } from '@portal/shared';
import { CardHeader } from '../../../components/card-header';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { PageTitle } from '../../../components/page-title';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useCategories, useCategoryPublications, useChangeSubscriptions, type SubscriptionChange } from '../api';

type Change = (change: SubscriptionChange) => void;

/** While a change is on its way, the boxes it touches show where they are going. */
function pendingValue(
  pending: SubscriptionChange | undefined,
  node: { id: number; parent_id: number | null },
  notify: boolean,
): boolean | undefined {
  if (!pending || !!pending.notify !== notify) return undefined;
  return pending.ids.includes(node.id) || (node.parent_id !== null && pending.ids.includes(node.parent_id))
    ? pending.on
    : undefined;
}

/** A sub category's publications, asked for when it is opened, a page at a time. */
function SubcategoryPublications({
  sub,
  id,
  linkPublications,
}: {
  sub: SubcategoryNode;
  id: string;
  linkPublications: boolean;
}) {
  const publications = useCategoryPublications(sub.id);
  if (publications.isLoading)
    return (
      <Group id={id} pl={32} gap="xs">
        <Loader size="xs" aria-label={`Loading the publications of ${sub.name}`} />
      </Group>
    );
  if (publications.isError)
    return (
      <Text id={id} size="xs" c="red.8" pl={32} role="alert">
        The publications could not be loaded.{' '}
        <Anchor component="button" type="button" size="xs" onClick={() => void publications.refetch()}>
          Try again
        </Anchor>
      </Text>
    );
  const items = publications.data?.items ?? [];
  return (
    <Stack id={id} gap={4} pl={32}>
      <List size="sm" spacing={2} listStyleType="none" aria-label={`Publications of ${sub.name}`}>
        {items.map((p) => (
          <List.Item key={p.id}>
            {linkPublications ? (
              <Anchor component={Link} to={pathTo('publication', { id: p.id })} size="sm">
                {p.name}
              </Anchor>
            ) : (
              p.name
            )}
          </List.Item>
        ))}
      </List>
      {publications.hasNextPage && (
        <Group>
          <Button
            size="compact-xs"
            variant="subtle"
            loading={publications.isFetchingNextPage}
            onClick={() => void publications.fetchNextPage()}
          >
            Show more ({items.length} of {publications.data?.total})
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function SubcategoryItem({
  first,
  sub,
  pending,
  change,
  busy,
  linkPublications,
}: {
  first: boolean;
  sub: SubcategoryNode;
  pending?: SubscriptionChange;
  change: Change;
  busy: boolean;
  linkPublications: boolean;
}) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const subscribed = pendingValue(pending, sub, false) ?? sub.isSubscribe;
  // Unsubscribing drops notify with the subscription.
  const notify = subscribed && (pendingValue(pending, sub, true) ?? sub.isNotify);
  return (
    <Stack
      component="li"
      gap={6}
      py="xs"
      style={first ? undefined : { borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Checkbox
          label={sub.name}
          checked={subscribed}
          disabled={busy}
          onChange={(e) => change({ ids: [sub.id], on: e.currentTarget.checked })}
          fw={500}
        />
        {subscribed && (
          <Switch
            label="Notify me"
            aria-label={`Notify me of ${sub.name}`}
            size="sm"
            checked={notify}
            disabled={busy}
            onChange={(e) => change({ ids: [sub.id], on: e.currentTarget.checked, notify: true })}
          />
        )}
      </Group>
      {sub.publication_count !== undefined &&
        (sub.publication_count === 0 ? (
          <Text size="xs" c="dimmed" pl={32}>
            No publications yet.
          </Text>
        ) : (
          <Group pl={26}>
            <Button
              size="compact-xs"
              variant="subtle"
              leftSection={
                open ? <IconChevronDown size={14} aria-hidden /> : <IconChevronRight size={14} aria-hidden />
              }
              aria-expanded={open}
              aria-controls={open ? listId : undefined}
              onClick={() => setOpen((o) => !o)}
            >
              {open ? 'Hide' : 'Show'} publications ({sub.publication_count})
            </Button>
          </Group>
        ))}
      {open && <SubcategoryPublications sub={sub} id={listId} linkPublications={linkPublications} />}
    </Stack>
  );
}

function CategoryCard({
  root,
  pending,
  change,
  busy,
  linkPublications,
}: {
  root: CategoryNode;
  pending?: SubscriptionChange;
  change: Change;
  busy: boolean;
  linkPublications: boolean;
}) {
  const children = root.children.map((c) => ({ ...c, isSubscribe: pendingValue(pending, c, false) ?? c.isSubscribe }));
  const all = children.length > 0 && children.every((c) => c.isSubscribe);
  const some = children.some((c) => c.isSubscribe);
  const allNotify = all && children.every((c) => pendingValue(pending, c, true) ?? c.isNotify);
  return (
    <Card component="section" aria-label={root.name}>
      <CardHeader
        title={root.name}
        icon={<IconCategory size={20} />}
        actions={
          <Group gap="md" wrap="wrap" justify="flex-end">
            <Checkbox
              label="Subscribe to all"
              aria-label={`Subscribe to all of ${root.name}`}
              checked={all}
              indeterminate={some && !all}
              disabled={busy || children.length === 0}
              onChange={(e) => change({ ids: [root.id], on: e.currentTarget.checked })}
            />
            {all && (
              <Switch
                label="Notify me of all"
                aria-label={`Notify me of all of ${root.name}`}
                size="sm"
                checked={allNotify}
                disabled={busy}
                onChange={(e) => change({ ids: [root.id], on: e.currentTarget.checked, notify: true })}
              />
            )}
          </Group>
        }
      />
      {children.length === 0 ? (
        <Text size="sm" c="dimmed">
          This category has no sub categories yet.
        </Text>
      ) : (
        <Stack
          component="ul"
          gap={0}
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={`Sub categories of ${root.name}`}
        >
          {root.children.map((sub, i) => (
            <SubcategoryItem
              key={sub.id}
              first={i === 0}
              sub={sub}
              pending={pending}
              change={change}
              busy={busy}
              linkPublications={linkPublications}
            />
          ))}
        </Stack>
      )}
    </Card>
  );
}

/** /subscriptions ('Manage My Subscriptions'): subscribe to all of a category or one sub category, and turn notify on where subscribed. */
export default function SubscriptionsPage() {
  const { roles, currentRole } = useSession();
  // Publications are for the roles the route table lets read them; anyone may subscribe.
  const readsPublications = roles.some((role) => canEnter(ROUTES.publications.path, role));
  const tree = useCategories({ withPublication: readsPublications });
  // A publication's page opens in the view the user is in (the guard reads the current role).
  const opensPublications = canEnter(ROUTES.publications.path, currentRole);
  const mutation = useChangeSubscriptions();
  // Set in the click's own render (the mutation's pending state arrives a tick later, and a
  // controlled box would spring back meanwhile); cleared once the tree has been asked again.
  const [pending, setPending] = useState<SubscriptionChange | undefined>();
  const change: Change = (c) => {
    setPending(c);
    mutation.mutate(c, {
      onSuccess: (res) => notifySuccess(res.message),
      onError: (error) => notifyError(error),
      onSettled: () => setPending(undefined),
    });
  };

  return (
    <>
      <PageTitle
        title={ROUTES.subscriptions.title}
        description="Subscribe to the categories you follow; turn on notifications to hear of each new or updated publication by email and in the portal."
      />
      {tree.isError ? (
        <LoadFailedAlert
          title="The categories could not be loaded."
          error={tree.error}
          onRetry={() => void tree.refetch()}
        />
      ) : tree.isLoading ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" role="status" aria-label="Loading categories" aria-busy>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} h={260} radius="md" />
          ))}
        </SimpleGrid>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {(tree.data ?? []).map((root) => (
            <CategoryCard
              key={root.id}
              root={root}
              pending={pending}
              change={change}
              busy={pending !== undefined}
              linkPublications={opensPublications}
            />
          ))}
        </SimpleGrid>
      )}
      <Group gap={6} mt="lg" c="dimmed">
        <IconBell size={16} aria-hidden />
        <Text size="sm">Notifications can be turned on only for the categories you subscribe to.</Text>
      </Group>
    </>
  );
}
