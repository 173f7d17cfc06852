import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { documentReview, LIMITS, MESSAGES, type DocumentItem } from '@portal/shared';
import { useSchemaForm } from '../../lib/form';
import { CharacterCount } from './character-count';

export const REVIEW_MODAL_TITLE = 'Document Review';

/**
 * The review flow of spec/01 section 4: ticking a received document opens this; Finish is offered
 * once a comment (1-255 characters) is typed; Cancel unticks the box (the caller clears `doc`).
 */
export function DocumentReviewModal({
  doc,
  onCancel,
  onSubmit,
  submitting = false,
}: {
  /** The document under review; null closes the modal. */
  doc: DocumentItem | null;
  onCancel: () => void;
  /** Resolves when the review is saved (the caller closes the modal then). */
  onSubmit: (doc: DocumentItem, comment: string) => void;
  submitting?: boolean;
}) {
  // The comment on the shared schema the server checks, checked as it is typed.
  const form = useSchemaForm<{ reviewed_comment: string }>(documentReview, {
    initialValues: { reviewed_comment: '' },
    validateInputOnChange: true,
  });
  const comment = form.getValues().reviewed_comment;

  const close = () => {
    if (submitting) return;
    form.reset();
    onCancel();
  };

  return (
    <Modal
      opened={doc !== null}
      onClose={close}
      title={REVIEW_MODAL_TITLE}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {doc && (
        <form
          noValidate
          onSubmit={form.onSubmit((values) => {
            if (!submitting) onSubmit(doc, values.reviewed_comment.trim());
          })}
        >
          <Stack gap="md">
            <Text size="sm">
              Document:{' '}
              <Text span fw={600} style={{ overflowWrap: 'anywhere' }}>
                {doc.name}
              </Text>
            </Text>
            <div>
              <Textarea
                label="Review comment"
                placeholder={MESSAGES.reviewPlaceholder}
                required
                withAsterisk={false}
                rows={4}
                resize="vertical"
                data-autofocus
                {...form.getInputProps('reviewed_comment')}
                // An empty comment only keeps Finish unavailable; the too-long message shows at once.
                error={comment.length > LIMITS.reviewCommentMax ? form.errors.reviewed_comment : undefined}
              />
              <CharacterCount length={comment.length} max={LIMITS.reviewCommentMax} />
            </div>
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={submitting}>
                Cancel
              </Button>
              {/* Offered once a comment is typed (spec/01 section 4); too long a comment keeps it disabled. */}
              {comment.trim() !== '' && (
                <Button type="submit" disabled={!form.isValid()} loading={submitting}>
                  Finish
                </Button>
              )}
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
