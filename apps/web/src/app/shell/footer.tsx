import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { BODY_NAME, ROUTES } from '@portal/shared';

/** Copyright and the terms link (spec/01 2.4). */
export function PageFooter({
  termsHref = ROUTES.termsConditions.path,
  onTerms,
}: {
  termsHref?: string;
  onTerms?: () => void;
}) {
  return (
    <Group component="footer" justify="space-between" gap="xs" py="md" wrap="wrap">
      <Text size="xs" c="dimmed">
        © {new Date().getFullYear()} {BODY_NAME}
      </Text>
      <Group gap="md">
        <Anchor component={Link} to={ROUTES.about.path} size="xs" c="dimmed">
          {ROUTES.about.title}
        </Anchor>
        {onTerms ? (
          <Anchor
            href="#"
            size="xs"
            c="dimmed"
            onClick={(event) => {
              event.preventDefault();
              onTerms();
            }}
          >
            Terms and Conditions
          </Anchor>
        ) : (
          <Anchor component={Link} to={termsHref} size="xs" c="dimmed">
            Terms and Conditions
          </Anchor>
        )}
      </Group>
    </Group>
  );
}
