import { Anchor, Group, Text } from '@mantine/core';
import { IconFile } from '@tabler/icons-react';
import type { ForumDocument } from '@portal/shared';
import { downloadFile } from '../../../components/documents/download';
import { notifyError } from '../../../lib/notify';

/** An attachment: its name opens the download (a signed link the browser follows). */
export function AttachmentLink({ doc }: { doc: ForumDocument }) {
  return (
    <Group gap={6} wrap="nowrap">
      <IconFile size={16} aria-hidden />
      <Anchor
        component="button"
        type="button"
        size="sm"
        style={{ wordBreak: 'break-all', textAlign: 'left' }}
        onClick={() => downloadFile(`/api/forumdocument/${doc.id}`).catch((error: unknown) => notifyError(error))}
      >
        {doc.name}
      </Anchor>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {formatSize(doc.size)}
      </Text>
    </Group>
  );
}

function formatSize(bytes: number): string {
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  if (bytes >= 1000) return `${Math.round(bytes / 1000)} KB`;
  return `${bytes} B`;
}
