import '@mantine/tiptap/styles.css';
import { useEffect, useId } from 'react';
import { Input } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';

export interface PostEditorProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  error?: React.ReactNode;
  required?: boolean;
  /** Changes when the form is reset from outside (after a post), to load the value again. */
  resetKey?: number | string;
  disabled?: boolean;
  /** Puts the caret at the end once drawn (the user opened the reply box that loaded it). */
  autoFocus?: boolean;
}

/**
 * The rich-text editor of posts (Mantine's RichTextEditor over tiptap): paragraphs, headings,
 * lists, bold, italic, underline, strike, code, quotes and links, the same list the server keeps.
 * It hands back HTML; the server sanitizes it, and pages show only what the server returns.
 */
export function PostEditor({
  label,
  value,
  onChange,
  onBlur,
  error,
  required,
  resetKey,
  disabled,
  autoFocus,
}: PostEditorProps) {
  const id = useId();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false }),
      Link.configure({ openOnClick: false, protocols: ['http', 'https', 'mailto'] }),
    ],
    content: value,
    editable: !disabled,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': `${id}-label`,
        ...(required ? { 'aria-required': 'true' } : {}),
        ...(error ? { 'aria-invalid': 'true', 'aria-describedby': `${id}-error` } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
    onBlur: () => onBlur?.(),
  });

  useEffect(() => {
    if (!editor) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (current !== value) editor.commands.setContent(value || '', { emitUpdate: false });
    // Only when the form is reset from outside: typing changes value too, and must not reload it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editor, resetKey]);

  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);

  useEffect(() => {
    if (autoFocus) editor?.commands.focus('end');
    // Once, when it replaces the reply box the user opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editor]);

  return (
    <Input.Wrapper
      label={label}
      required={required}
      withAsterisk={false}
      error={error}
      id={id}
      labelProps={{ id: `${id}-label` }}
      errorProps={{ id: `${id}-error` }}
    >
      <RichTextEditor editor={editor} mt={4} style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.Code />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.Blockquote />
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={140} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
