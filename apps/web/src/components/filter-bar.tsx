import type { ReactNode } from 'react';
import { Button, Group, Input } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';

/**
 * The filters of a list, in one place on every page (the top of the list's card, left-aligned) with
 * 'Clear filters' after them, offered once a filter is set. The fields line up by their tops, and
 * the button sits under an empty label of the fields' height: lined up by their bottoms, a field's
 * error under it (an invalid date) moved every other field and the button down.
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
    <Group gap="sm" align="flex-start" mb="md" wrap="wrap" role="search" aria-label="Filters">
      {children}
      <Input.Wrapper label={'\u00a0'} labelElement="div" labelProps={{ 'aria-hidden': true }}>
        <Button
          variant="subtle"
          leftSection={<IconFilterOff size={16} aria-hidden />}
          onClick={onClear}
          disabled={!active}
          display="flex"
        >
          Clear filters
        </Button>
      </Input.Wrapper>
    </Group>
  );
}
