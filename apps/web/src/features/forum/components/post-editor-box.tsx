import { useEffect, useState, type ComponentType } from 'react';
import { Input, Skeleton, Text, UnstyledButton } from '@mantine/core';
import type { PostEditorProps } from './post-editor';
import classes from './post-editor-box.module.css';

type Editor = ComponentType<PostEditorProps & { autoFocus?: boolean }>;

/** The editor once loaded: every box after the first draws it at once. */
let loaded: Editor | null = null;
let loading: Promise<Editor> | null = null;
function loadEditor(): Promise<Editor> {
  loading ??= import('./post-editor').then((m) => (loaded = m.PostEditor));
  return loading;
}

/**
 * The rich-text editor, loaded when it is first needed (tiptap and ProseMirror are the forum's largest scripts). An
 * empty reply box stays closed, one line asking for a reply, until it is opened; then a skeleton of
 * the editor's size stands in until the editor comes, with the caret in it. `eager` (the discussion
 * form) and a box with content (an edit) load it at once, behind the same skeleton. Nothing can be
 * typed before the editor is there, so nothing typed is lost on the way.
 */
export function PostEditorBox({ eager = false, ...props }: PostEditorProps & { eager?: boolean }) {
  const [Editor, setEditor] = useState<Editor | null>(() => loaded);
  const [open, setOpen] = useState(eager || Boolean(props.value));
  // Opened by the user: the editor takes the focus when it comes.
  const [opened, setOpened] = useState(false);

  useEffect(() => {
    if (open && !Editor) void loadEditor().then((e) => setEditor(() => e));
  }, [open, Editor]);

  if (Editor && open) return <Editor {...props} autoFocus={opened} />;
  if (!open)
    return (
      <Input.Wrapper label={props.label} required={props.required} withAsterisk={false} error={props.error}>
        <UnstyledButton
          mt={4}
          w="100%"
          px="md"
          py="sm"
          className={classes.closed}
          disabled={props.disabled}
          onClick={() => {
            setOpened(true);
            setOpen(true);
          }}
        >
          <Text size="sm" c="dimmed">
            Write a reply…
          </Text>
        </UnstyledButton>
      </Input.Wrapper>
    );
  return (
    <Input.Wrapper label={props.label} required={props.required} withAsterisk={false}>
      <Skeleton
        mt={4}
        h={185}
        radius="sm"
        role="status"
        aria-busy="true"
        aria-label={`Loading the editor: ${props.label}`}
      />
    </Input.Wrapper>
  );
}
