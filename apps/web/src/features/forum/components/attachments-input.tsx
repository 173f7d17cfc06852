import '@mantine/dropzone/styles.css';
import { useState } from 'react';
import { ActionIcon, Group, Input, List, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconFile, IconPaperclip, IconX } from '@tabler/icons-react';
import { FORUM_MESSAGES, LIMITS, MESSAGES, niceSize, uploadLimitBytes, type ForumDocument } from '@portal/shared';

interface AttachmentsInputProps {
  /** New files chosen. */
  files: File[];
  onFilesChange: (files: File[]) => void;
  /** Editing: the post's attachments, and which are kept. */
  existing?: ForumDocument[];
  keep?: number[];
  onKeepChange?: (ids: number[]) => void;
  disabled?: boolean;
}

/**
 * Attachments of a post: drop or pick files; a second file of a name already attached (new or
 * kept) is refused with the spec's message, a file over the upload limit with the upload message.
 * On edit, each existing file can be removed (kept unless removed).
 */
export function AttachmentsInput({
  files,
  onFilesChange,
  existing = [],
  keep = [],
  onKeepChange,
  disabled,
}: AttachmentsInputProps) {
  const [refusals, setRefusals] = useState<string[]>([]);
  const kept = existing.filter((d) => keep.includes(d.id));

  const add = (dropped: File[]) => {
    const names = new Set([...kept.map((d) => d.name), ...files.map((f) => f.name)]);
    const accepted: File[] = [];
    const refused: string[] = [];
    for (const file of dropped) {
      if (names.has(file.name)) refused.push(FORUM_MESSAGES.fileAlreadyAttached(file.name));
      else if (file.size > uploadLimitBytes(LIMITS.maxUploadKb))
        refused.push(MESSAGES.fileTooLarge(niceSize(LIMITS.maxUploadKb)));
      else if (files.length + accepted.length + kept.length >= LIMITS.filesPerUploadMax)
        refused.push(`Attach at most ${LIMITS.filesPerUploadMax} files.`);
      else {
        names.add(file.name);
        accepted.push(file);
      }
    }
    setRefusals(refused);
    if (accepted.length) onFilesChange([...files, ...accepted]);
  };

  return (
    <Input.Wrapper label="Attachments">
      <Stack gap="xs" mt={4}>
        <Dropzone
          onDrop={add}
          disabled={disabled}
          multiple
          aria-label="Add attachments: drop files here or choose them"
          p="sm"
        >
          <Group gap="sm" justify="center" mih={48} style={{ pointerEvents: 'none' }}>
            <IconPaperclip size={20} aria-hidden />
            <Text size="sm">Drop files here or click to choose</Text>
          </Group>
        </Dropzone>
        {refusals.map((message) => (
          <Text key={message} size="sm" c="red.8" role="alert">
            {message}
          </Text>
        ))}
        {(kept.length > 0 || files.length > 0) && (
          <List spacing={4} size="sm" listStyleType="none" aria-label="Attached files">
            {kept.map((d) => (
              <List.Item key={`kept-${d.id}`}>
                <Group gap="xs" wrap="nowrap">
                  <IconFile size={16} aria-hidden />
                  <Text size="sm" style={{ wordBreak: 'break-all' }}>
                    {d.name}
                  </Text>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="sm"
                    aria-label={`Remove ${d.name}`}
                    disabled={disabled}
                    onClick={() => onKeepChange?.(keep.filter((id) => id !== d.id))}
                  >
                    <IconX size={14} aria-hidden />
                  </ActionIcon>
                </Group>
              </List.Item>
            ))}
            {files.map((f) => (
              <List.Item key={`new-${f.name}`}>
                <Group gap="xs" wrap="nowrap">
                  <IconFile size={16} aria-hidden />
                  <Text size="sm" style={{ wordBreak: 'break-all' }}>
                    {f.name}
                  </Text>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="sm"
                    aria-label={`Remove ${f.name}`}
                    disabled={disabled}
                    onClick={() => onFilesChange(files.filter((x) => x !== f))}
                  >
                    <IconX size={14} aria-hidden />
                  </ActionIcon>
                </Group>
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
