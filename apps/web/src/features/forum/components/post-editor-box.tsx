import { useEffect, useState, type ComponentType } from 'react';
import { Box, Group, Input, Paper, Skeleton, Textarea } from '@mantine/core';
import type { PostEditorProps } from './post-editor';

type Editor = ComponentType<PostEditorProps & { autoFocus?: boolean }>;

/** The editor once loaded: every box after the first draws it at once. */
let loaded: Editor | null = null;
let loading: Promise<Editor> | null = null;
function loadEditor(): Promise<Editor> {
  loading ??= import('./post-editor').then((m) => (loaded = m.PostEditor));
  return loading;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** What was typed before the editor came, as the editor's paragraphs. */
const textToHtml = (text: string) =>
  text.trim() === ''
    ? ''
    : text
        .split('\n')
        .map((line) => `<p>${escapeHtml(line)}</p>`)
        .join('');

/**
 * The rich-text editor, loaded when it is first needed (about 150 kB of tiptap and ProseMirror):
 * until then a plain box of the editor's size with the same label stands in its place, and what is
 * typed there is kept and carried into the editor when it arrives. `eager` loads it at once (the
 * discussion form, an edit); a reply box loads it when it is focused.
 */
export function PostEditorBox({ eager = false, ...props }: PostEditorProps & { eager?: boolean }) {
  const [Editor, setEditor] = useState<Editor | null>(() => loaded);
  // Only an empty reply box waits to be used; a form for writing or an edit loads the editor at once.
  const [onUse] = useState(!eager && !props.value);
  const [focused, setFocused] = useState(false);
  const [draft, setDraft] = useState('');
  const { resetKey } = props;

  const want = () => {
    if (Editor) return;
    void loadEditor().then((e) => setEditor(() => e));
  };
  useEffect(() => {
    if (!onUse) want();
    // Judged once: a box with content or on a writing page needs the editor from the start.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => setDraft(''), [resetKey]);

  if (Editor) return <Editor {...props} autoFocus={focused} />;
  // Nothing to type into while it comes (an edit's text is the editor's to show): its size, waiting.
  if (!onUse)
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
  return (
    <Input.Wrapper label={props.label} required={props.required} withAsterisk={false} error={props.error}>
      <Paper
        withBorder
        mt={4}
        radius="sm"
        style={props.error ? { borderColor: 'var(--mantine-color-error)' } : undefined}
      >
        {/* Where the toolbar will be, the height it will have. */}
        <Group gap="xs" p={8} h={43} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
          {[6, 2, 3].map((n, i) => (
            <Box key={i} style={{ display: 'flex', gap: 2 }}>
              {Array.from({ length: n }, (_, j) => (
                <Skeleton key={j} h={26} w={26} radius="sm" animate={focused} />
              ))}
            </Box>
          ))}
        </Group>
        <Textarea
          aria-label={props.label}
          required={props.required}
          disabled={props.disabled}
          variant="unstyled"
          px="md"
          rows={6}
          styles={{ input: { minHeight: 140 } }}
          value={draft}
          onFocus={() => {
            setFocused(true);
            want();
          }}
          onChange={(e) => {
            setDraft(e.currentTarget.value);
            props.onChange(textToHtml(e.currentTarget.value));
          }}
          onBlur={props.onBlur}
        />
      </Paper>
    </Input.Wrapper>
  );
}
