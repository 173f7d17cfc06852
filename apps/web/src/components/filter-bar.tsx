import type { ReactNode } from 'react';
import { Button, Group } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';

/**
 * The filters of a list, in one place on every page (the top of the list's card, left-aligned, the
 * fields' bottoms in line) with 'Clear filters' after them, offered once a filter is set.
 */
export function FilterBar({
  active,
  onClear,
  children,
}: {
  active: boolean;
  onClear: () => void;
  children: ReactNode;
}) {
  return (
    <Group gap="sm" align="flex-end" mb="md" wrap="wrap" role="search" aria-label="Filters">
      {children}
      <Button
        variant="subtle"
        leftSection={<IconFilterOff size={16} aria-hidden />}
        onClick={onClear}
        disabled={!active}
      >
        Clear filters
      </Button>
    </Group>
  );
}
