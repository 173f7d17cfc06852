import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconRosetteDiscountCheck } from '@tabler/icons-react';
import { PRODUCT_NAME } from '@portal/shared';

/** The product's mark and name. */
export function Brand({ size = 'md' }: { size?: 'md' | 'lg' }) {
  return (
    <Group gap={10} wrap="nowrap">
      <ThemeIcon size={size === 'lg' ? 40 : 32} radius="md" variant="filled" aria-hidden>
        <IconRosetteDiscountCheck size={size === 'lg' ? 24 : 20} />
      </ThemeIcon>
      <Text
        fw={700}
        size={size === 'lg' ? 'xl' : 'lg'}
        c="brand.9"
        style={{ letterSpacing: '-0.01em', whiteSpace: 'nowrap' }}
      >
        {PRODUCT_NAME}
      </Text>
    </Group>
  );
}
