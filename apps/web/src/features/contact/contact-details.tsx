import { Anchor, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMail, IconMapPin, IconPhone, IconWorld } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { BODY_NAME, CONTACT, CONTACT_LINKS } from '@portal/shared';

function Line({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon variant="light" size="lg" radius="xl" aria-hidden>
        {icon}
      </ThemeIcon>
      <Stack gap={0}>
        <Text size="xs" c="dimmed" fw={600} tt="uppercase">
          {label}
        </Text>
        <Text size="sm">{children}</Text>
      </Stack>
    </Group>
  );
}

/** The body's contact details as links (packages/shared CONTACT, the one place they are kept). */
export function ContactDetails() {
  const map = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(CONTACT.address)}`;
  return (
    <Card>
      <Stack gap="md">
        <Title order={2} size="h4">
          Contact details
        </Title>
        <Text size="sm">Reach {BODY_NAME} by phone, email or post, or send us a message with the form.</Text>
        <Line icon={<IconPhone size={18} />} label="Free call">
          <Anchor href={CONTACT_LINKS.phone}>{CONTACT.phone}</Anchor>
        </Line>
        <Line icon={<IconMail size={18} />} label="Email">
          <Anchor href={CONTACT_LINKS.email}>{CONTACT.email}</Anchor>
        </Line>
        <Line icon={<IconMapPin size={18} />} label="Address">
          <Anchor href={map} target="_blank" rel="noopener noreferrer">
            {CONTACT.address}
          </Anchor>
        </Line>
        <Line icon={<IconWorld size={18} />} label="Website">
          <Anchor href={CONTACT_LINKS.website} target="_blank" rel="noopener noreferrer">
            {CONTACT_LINKS.website.replace(/^https?:\/\//, '')}
          </Anchor>
        </Line>
      </Stack>
    </Card>
  );
}
