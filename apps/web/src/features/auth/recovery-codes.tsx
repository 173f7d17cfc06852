import { Button, Code, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCopy, IconDownload } from '@tabler/icons-react';
import { PRODUCT_NAME, SECOND_FACTOR_MESSAGES as M } from '@portal/shared';
import { modals } from '../../lib/modals';
import { notifyError, notifySuccess } from '../../lib/notify';

const asText = (codes: string[]) =>
  `${PRODUCT_NAME} recovery codes\n\n${codes.join('\n')}\n\n${M.recoveryCodesShownOnce}\n`;

function download(codes: string[]) {
  const url = URL.createObjectURL(new Blob([asText(codes)], { type: 'text/plain' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = 'recovery-codes.txt';
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function copy(codes: string[]) {
  navigator.clipboard.writeText(asText(codes)).then(
    () => notifySuccess('The recovery codes are copied.'),
    () => notifyError(null, 'The browser did not let the codes be copied. Use Download instead.'),
  );
}

/** The new recovery codes, shown once, with Download and Copy. */
export function RecoveryCodesList({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <Stack gap="md">
      <Text size="sm">{M.recoveryCodesShownOnce}</Text>
      <SimpleGrid
        cols={2}
        spacing="xs"
        component="ul"
        aria-label="Recovery codes"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {codes.map((code) => (
          <li key={code}>
            <Code fz="md">{code}</Code>
          </li>
        ))}
      </SimpleGrid>
      <Group justify="space-between">
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => download(codes)}
          >
            Download
          </Button>
          <Button variant="default" leftSection={<IconCopy size={16} aria-hidden />} onClick={() => copy(codes)}>
            Copy
          </Button>
        </Group>
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}

export function showRecoveryCodes(codes: string[]) {
  if (codes.length === 0) return;
  const id = modals.open({
    title: 'Your recovery codes',
    closeOnClickOutside: false,
    children: <RecoveryCodesList codes={codes} onDone={() => modals.close(id)} />,
  });
}
