import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@portal/shared';
import { ApiError, setUnauthorizedHandler } from '../../lib/api-client';
import { clearSessionEndedMark, sessionEndedMark } from '../../lib/session';
import { renderWithApp } from '../../test/render';
import { bulkDownloadUrl } from './download';
import { FakeXhr, signInAs } from './test-fixtures';
import { uploadErrorText, uploadFile } from './upload-file';
import { UploadDocumentModal, type SendUpload } from './upload-modal';

const file = () => new File(['hello world'], 'Quality Manual.pdf', { type: 'application/pdf' });

function renderModal(send: SendUpload = vi.fn()) {
  const onClose = vi.fn();
  const onUploaded = vi.fn();
  const result = renderWithApp(<UploadDocumentModal opened onClose={onClose} send={send} onUploaded={onUploaded} />);
  return { ...result, onClose, onUploaded };
}

async function pickAndConfirm(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await screen.findByRole('dialog', { name: 'Upload Document' });
  await user.upload(within(dialog).getByLabelText('Choose a file to upload'), file());
  expect(await within(dialog).findByText(MESSAGES.uploadConfirm)).toBeInTheDocument();
  expect(within(dialog).getByText('Quality Manual.pdf')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
  return dialog;
}

describe('upload modal', () => {
  it('asks to confirm the file; No goes back to picking', async () => {
    const user = userEvent.setup();
    renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'Upload Document' });
    expect(within(dialog).getByText('Drag a file here or click to choose one')).toBeInTheDocument();
    await user.upload(within(dialog).getByLabelText('Choose a file to upload'), file());
    expect(await within(dialog).findByText('Are you sure this is the file you want to upload?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(within(dialog).getByText('Drag a file here or click to choose one')).toBeInTheDocument();
    expect(within(dialog).queryByText('Quality Manual.pdf')).not.toBeInTheDocument();
  });

  it('refuses a file over 150 MB before sending it', async () => {
    const send = vi.fn<SendUpload>();
    const user = userEvent.setup({ applyAccept: false });
    renderModal(send);
    const dialog = await screen.findByRole('dialog', { name: 'Upload Document' });
    const big = new File(['x'], 'Huge.zip');
    Object.defineProperty(big, 'size', { value: 150_000 * 1024 + 1 });
    await user.upload(within(dialog).getByLabelText('Choose a file to upload'), big);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('File exceeds maximum upload size of 150 MB');
    expect(within(dialog).queryByText(MESSAGES.uploadConfirm)).not.toBeInTheDocument();
  });

  it('requires a description of at most 255 characters, with the hint', async () => {
    const send = vi.fn<SendUpload>();
    const user = userEvent.setup();
    renderModal(send);
    const dialog = await pickAndConfirm(user);
    const description = within(dialog).getByLabelText('Description');
    expect(within(dialog).getByText('*mandatory field, 255 character maximum.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Finish' }));
    expect(await within(dialog).findByText(MESSAGES.descriptionRequired)).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();

    await user.click(description);
    await user.paste('x'.repeat(256));
    expect(await within(dialog).findByText(MESSAGES.descriptionMax)).toBeInTheDocument();
    expect(within(dialog).getByText('256/255')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Finish' }));
    expect(send).not.toHaveBeenCalled();

    await user.type(description, '{Backspace}');
    expect(within(dialog).queryByText(MESSAGES.descriptionMax)).not.toBeInTheDocument();
  });

  it('Cancel clears the state and closes', async () => {
    const user = userEvent.setup();
    const { onClose } = renderModal();
    const dialog = await pickAndConfirm(user);
    await user.type(within(dialog).getByLabelText('Description'), 'Revision 7');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('sends the fields before the file with the token, shows progress, then the success text', async () => {
    signInAs('AR', 'secret-token');
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const send: SendUpload = (f, description, options) =>
      uploadFile({ path: '/jobdocuments', fields: { jobId: '5', description, role: 'AR' }, file: f, ...options });
    const user = userEvent.setup();
    const { onUploaded, onClose } = renderModal(send);
    const dialog = await pickAndConfirm(user);
    await user.type(within(dialog).getByLabelText('Description'), '  Quality manual, revision 7 ');
    await user.click(within(dialog).getByRole('button', { name: 'Finish' }));

    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/jobdocuments');
    expect(xhr.headers.Authorization).toBe('Bearer secret-token');
    expect(xhr.fieldOrder()).toEqual(['jobId', 'description', 'role', 'file']);
    expect(xhr.body?.get('description')).toBe('Quality manual, revision 7');

    act(() => xhr.progress(40, 100));
    const bar = await within(dialog).findByRole('progressbar', { name: 'Upload progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');

    act(() => xhr.respond(200, { message: MESSAGES.fileUploaded, document: {} }));
    expect(await screen.findByText('File successfully uploaded!')).toBeInTheDocument();
    expect(onUploaded).toHaveBeenCalled();
    expect(onClose).toHaveBeenCalled();
  });

  it('Cancel during an upload stops it and clears the modal', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const send: SendUpload = (f, description, options) =>
      uploadFile({ path: '/jobdocuments', fields: { description }, file: f, ...options });
    const user = userEvent.setup();
    const { onClose, onUploaded } = renderModal(send);
    const dialog = await pickAndConfirm(user);
    await user.type(within(dialog).getByLabelText('Description'), 'Long one');
    await user.click(within(dialog).getByRole('button', { name: 'Finish' }));
    act(() => FakeXhr.last!.progress(10, 100));
    await within(dialog).findByRole('progressbar', { name: 'Upload progress' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(FakeXhr.last!.aborted).toBe(true);
    expect(onClose).toHaveBeenCalled();
    expect(onUploaded).not.toHaveBeenCalled();
    expect(screen.queryByText('Error')).not.toBeInTheDocument();
  });

  it("shows the server's 400 message as it comes and stays open", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const send: SendUpload = (f, description, options) =>
      uploadFile({ path: '/jobdocuments', fields: { description }, file: f, ...options });
    const user = userEvent.setup();
    const { onClose } = renderModal(send);
    const dialog = await pickAndConfirm(user);
    await user.type(within(dialog).getByLabelText('Description'), 'Again');
    await user.click(within(dialog).getByRole('button', { name: 'Finish' }));
    act(() => FakeXhr.last!.respond(400, { message: MESSAGES.duplicateDocument }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.duplicateDocument);
    // Said once, in the modal beside 'Choose another file', not in a notice as well.
    expect(screen.getAllByText(MESSAGES.duplicateDocument)).toHaveLength(1);
    expect(screen.queryByText('Error')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('button', { name: 'Finish' })).toBeEnabled();

    await user.click(within(dialog).getByRole('button', { name: 'Choose another file' }));
    await user.upload(within(dialog).getByLabelText('Choose a file to upload'), new File(['x'], 'Renamed.pdf'));
    await user.click(await within(dialog).findByRole('button', { name: 'Yes' }));
    expect(within(dialog).getByLabelText('Description')).toHaveValue('Again');
  });
});

describe('upload and download helpers', () => {
  it('joins the message with the detail fields that add something', () => {
    const error = new ApiError(400, {
      message: 'The given data was invalid.',
      errors: { file: ['Send one file, in the field named file.'], x: ['The given data was invalid.'] },
    });
    expect(uploadErrorText(error)).toBe('The given data was invalid. Send one file, in the field named file.');
    expect(
      uploadErrorText(
        new ApiError(400, {
          message: MESSAGES.descriptionRequired,
          errors: { description: [MESSAGES.descriptionRequired] },
        }),
      ),
    ).toBe(MESSAGES.descriptionRequired);
  });

  it('builds the bulk URL as ids[]=', () => {
    expect(bulkDownloadUrl('/jobdocuments/bulk', [3, 11])).toBe('/api/jobdocuments/bulk?ids[]=3&ids[]=11');
  });

  it("a 401 does what every call's 401 does: the session ends, the login says so, the app goes home", async () => {
    signInAs('TA');
    clearSessionEndedMark();
    const goHome = vi.fn();
    setUnauthorizedHandler(goHome);
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const promise = uploadFile({ path: '/jobdocuments', fields: {}, file: file() });
    FakeXhr.last!.respond(401, { message: 'Unauthenticated.' });
    await expect(promise).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem('user_access_token')).toBeNull();
    expect(sessionEndedMark()).toBe(true);
    expect(goHome).toHaveBeenCalledTimes(1);
    setUnauthorizedHandler(() => undefined);
  });
});
