import '@mantine/dropzone/styles.css';
import { useRef, useState } from 'react';
import { Alert, Button, Group, Modal, Paper, Progress, Stack, Text, Textarea, ThemeIcon } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconAlertCircle, IconFileUpload, IconFile, IconUpload, IconX } from '@tabler/icons-react';
import {
  documentDescriptionForm,
  LIMITS,
  MESSAGES,
  niceSize,
  uploadLimitBytes,
  type UploadResponse,
} from '@portal/shared';
import { applyServerErrors, useSchemaForm } from '../../lib/form';
import { notifySuccess } from '../../lib/notify';
import { CharacterCount } from './character-count';
import classes from './documents.module.css';
import { uploadErrorText, type UploadProgress } from './upload-file';

export const UPLOAD_MODAL_TITLE = 'Upload Document';
// The bytes the server refuses too (KB of 1000 bytes: 150000 KB is the message's '150 MB').
const MAX_BYTES = uploadLimitBytes(LIMITS.maxUploadKb);

export type SendUpload<R extends { message?: string } = UploadResponse> = (
  file: File,
  description: string,
  options: { onProgress: (progress: UploadProgress) => void; signal: AbortSignal },
) => Promise<R>;

type Step = 'pick' | 'confirm' | 'describe' | 'uploading';

/** '1536' bytes -> '1.5 KB' */
export function fileSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  return niceSize(Math.round(bytes / 100) / 10);
}

function FileSummary({ file }: { file: File }) {
  return (
    <Paper withBorder p="sm">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon variant="light" size="lg" radius="md">
          <IconFile size={20} aria-hidden />
        </ThemeIcon>
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {file.name}
          </Text>
          <Text size="xs" c="dimmed">
            {fileSize(file.size)}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

/**
 * The upload flow of spec/01 section 4: pick or drop a file, answer 'Are you sure this is the file
 * you want to upload?', enter the mandatory description, Finish (a progress bar while the file goes
 * up). Cancel, or closing, clears everything (and stops an upload under way).
 */
export function UploadDocumentModal<R extends { message?: string } = UploadResponse>({
  opened,
  onClose,
  send,
  onUploaded,
  title = UPLOAD_MODAL_TITLE,
  withDescription = true,
}: {
  opened: boolean;
  onClose: () => void;
  send: SendUpload<R>;
  onUploaded?: (response: R) => void;
  title?: string;
  /** Meeting documents have no description: after Yes, only Finish. */
  withDescription?: boolean;
}) {
  const [step, setStep] = useState<Step>('pick');
  const [file, setFile] = useState<File | null>(null);
  const [rejected, setRejected] = useState<string | null>(null);
  // The description on the shared schema the server checks; checked as it is typed, so the
  // 255-character limit shows at once, and 'required' once the user tries to finish.
  const form = useSchemaForm<{ description: string }>(documentDescriptionForm, {
    initialValues: { description: '' },
    validateInputOnChange: true,
  });
  const description = form.getValues().description;
  /**
   * A refusal that is not about the description (a duplicate name, the size): said once, in the
   * modal, beside the way out ('Choose another file'), not in a notice as well.
   */
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const abort = useRef<AbortController | null>(null);

  const reset = () => {
    abort.current?.abort();
    abort.current = null;
    setStep('pick');
    setFile(null);
    setRejected(null);
    form.reset();
    setUploadError(null);
    setProgress(null);
  };

  const cancel = () => {
    reset();
    onClose();
  };

  const pick = (files: File[]) => {
    const chosen = files[0];
    if (!chosen) return;
    setRejected(null);
    setFile(chosen);
    setStep('confirm');
  };

  const reject = (rejections: FileRejection[]) => {
    const tooLarge = rejections.some((r) => r.errors.some((e) => e.code === 'file-too-large'));
    setRejected(tooLarge ? MESSAGES.fileTooLarge(niceSize(LIMITS.maxUploadKb)) : 'Please choose one file.');
  };

  const finish = async (values: { description: string }) => {
    setUploadError(null);
    if (!file) return;
    const controller = new AbortController();
    abort.current = controller;
    setStep('uploading');
    setProgress({ loaded: 0, total: file.size, percent: 0 });
    try {
      const response = await send(file, values.description.trim(), {
        onProgress: setProgress,
        signal: controller.signal,
      });
      if (controller.signal.aborted) return;
      abort.current = null;
      notifySuccess(response.message || MESSAGES.fileUploaded);
      onUploaded?.(response);
      reset();
      onClose();
    } catch (error) {
      if (controller.signal.aborted || (error instanceof DOMException && error.name === 'AbortError')) return;
      abort.current = null;
      const rest = applyServerErrors(form, error);
      if (rest) setUploadError(uploadErrorText(rest));
      setProgress(null);
      setStep('describe');
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={cancel}
      title={title}
      size="lg"
      closeOnClickOutside={step !== 'uploading'}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {step === 'pick' && (
        <Stack gap="sm">
          <Dropzone
            onDrop={pick}
            onReject={reject}
            maxSize={MAX_BYTES}
            maxFiles={1}
            multiple={false}
            className={classes.dropzone}
            inputProps={{ 'aria-label': 'Choose a file to upload' }}
          >
            <Stack align="center" gap="xs" mih={150} justify="center" style={{ pointerEvents: 'none' }} ta="center">
              <Dropzone.Accept>
                <IconUpload size={40} color="var(--mantine-color-brand-7)" aria-hidden />
              </Dropzone.Accept>
              <Dropzone.Reject>
                <IconX size={40} color="var(--mantine-color-red-7)" aria-hidden />
              </Dropzone.Reject>
              <Dropzone.Idle>
                <IconFileUpload size={40} color="var(--mantine-color-gray-6)" aria-hidden />
              </Dropzone.Idle>
              <Text fw={500}>Drag a file here or click to choose one</Text>
              <Text size="sm" c="dimmed">
                One file, up to {niceSize(LIMITS.maxUploadKb)}.
              </Text>
            </Stack>
          </Dropzone>
          {rejected && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {rejected}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={cancel}>
              Cancel
            </Button>
          </Group>
        </Stack>
      )}

      {step === 'confirm' && file && (
        <Stack gap="md">
          <FileSummary file={file} />
          <Text>{MESSAGES.uploadConfirm}</Text>
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => {
                setFile(null);
                setStep('pick');
              }}
            >
              No
            </Button>
            <Button onClick={() => setStep('describe')}>Yes</Button>
          </Group>
        </Stack>
      )}

      {(step === 'describe' || step === 'uploading') && file && (
        <form
          noValidate
          onSubmit={(event) => {
            // The modal is portalled, but React bubbles its submit up the component tree: a modal
            // opened from inside another form (Edit Profile) must not submit that form too.
            event.stopPropagation();
            if (!withDescription) {
              event.preventDefault();
              if (step === 'describe') void finish({ description: '' });
              return;
            }
            form.onSubmit((values) => {
              if (step === 'describe') void finish(values);
            })(event);
          }}
        >
          <Stack gap="md">
            <FileSummary file={file} />
            {withDescription && (
              <div>
                <Textarea
                  label="Description"
                  description={MESSAGES.descriptionHint}
                  required
                  withAsterisk={false}
                  rows={3}
                  resize="vertical"
                  data-autofocus
                  readOnly={step === 'uploading'}
                  {...form.getInputProps('description')}
                />
                <CharacterCount length={description.length} max={LIMITS.descriptionMax} />
              </div>
            )}
            {uploadError && step === 'describe' && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">{uploadError}</Text>
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    onClick={() => {
                      // Keeps the description: only the file changes.
                      setUploadError(null);
                      setFile(null);
                      setStep('pick');
                    }}
                  >
                    Choose another file
                  </Button>
                </Stack>
              </Alert>
            )}
            {step === 'uploading' && progress && (
              <Stack gap={4}>
                <Progress
                  value={progress.percent}
                  aria-label="Upload progress"
                  size="lg"
                  striped
                  animated={progress.percent < 100}
                />
                <Text size="xs" c="dimmed">
                  {progress.percent < 100
                    ? `Uploading… ${progress.percent}% of ${fileSize(progress.total)}`
                    : 'Finishing…'}
                </Text>
              </Stack>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={cancel}>
                Cancel
              </Button>
              <Button type="submit" loading={step === 'uploading'}>
                Finish
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
