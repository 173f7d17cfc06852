import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MEETING_MESSAGES, type MeetingDocument, type MeetingFolder } from '@portal/shared';
import { FakeXhr } from '../../components/documents/test-fixtures';
import { mockFetch, renderWithApp } from '../../test/render';
import { signInAs } from '../../test/sign-in';
import MeetingDocumentsPage from './meeting-documents-page';
import { RecentDocumentsCard } from './recent-documents-card';

const admin = { 'meetings.folder.manage': true, 'meetings.document.upload': true, 'meetings.document.delete': true };
const member = {
  'meetings.folder.manage': false,
  'meetings.document.upload': false,
  'meetings.document.delete': false,
};

const folder = (id: number, name: string, parent_id: number | null = null): MeetingFolder => ({
  id,
  name,
  subtitle: null,
  parent_id,
  committee_id: 3,
  restricted: false,
});
const doc = (id: number, name: string, extra: Partial<MeetingDocument> = {}): MeetingDocument => ({
  id,
  name,
  size: 10,
  mime_type: 'application/pdf',
  updated_at: '2026-03-05T01:00:00.000Z',
  folder_id: 11,
  folder_name: 'March',
  root_folder_id: 10,
  root_folder_name: '2026 Meetings',
  committee_id: 3,
  uri: `/api/meetingdocuments/${id}`,
  user: null,
  index_state: 'indexed',
  ...extra,
});

function serve({
  abilities = member,
  roots = [folder(10, '2026 Meetings')],
  health = true,
  recent = [doc(1, 'agenda.pdf'), doc(2, 'minutes.docx')],
  inFolder = [doc(1, 'agenda.pdf')],
} = {}) {
  return mockFetch((url, init) => {
    const path = url.split('?')[0];
    const page = (data: MeetingDocument[]) => ({ body: { data, total: data.length, page: 1, per_page: 5, abilities } });
    if (path === '/api/docservicehealthcheck') return { body: health };
    if (path === '/api/committeerootfolders/3') return { body: { data: roots, abilities } };
    if (path === '/api/meetingfolders/10') return { body: { data: [folder(11, 'March', 10)], abilities } };
    if (path === '/api/meetingdocuments' && (init.method ?? 'GET') === 'GET') return page(inFolder);
    if (path === '/api/meetingdocuments/recent/3') return page(recent);
    if (path === '/api/meetingdocuments/1' && init.method === 'DELETE')
      return { body: { message: 'Document deleted successfully!' } };
    if (path === '/api/meetingdocuments/search')
      return page([
        doc(2, 'minutes.docx', {
          snippet: [
            { text: 'the ', hit: false },
            { text: 'budget', hit: true },
          ],
        }),
      ]);
    if (path === '/api/meetingfolders' && init.method === 'POST')
      return { body: { message: 'Action successful!', folder: folder(12, 'New') } };
    if (path === '/api/meetingfolder/members/3/10')
      return {
        body: {
          data: {
            directMembers: [],
            indirectMembers: [],
            allMembers: [],
            members: [
              {
                id: 5,
                first_name: 'Cam',
                last_name: 'Member',
                admin: true,
                direct: false,
                inherited: false,
                can_see: true,
              },
              {
                id: 6,
                first_name: 'Morgan',
                last_name: 'Multi',
                admin: false,
                direct: false,
                inherited: false,
                can_see: true,
              },
            ],
          },
        },
      };
    if (path === '/api/meetingfolder/accesspermission') return { body: { message: 'Action successful!' } };
    return undefined;
  });
}

describe('meeting documents page', () => {
  it('titles the table by the search, asks the search with term and cmid, and shows the snippet’s hits', async () => {
    signInAs('CM', 't', 3);
    const { calls } = serve();
    renderWithApp(<MeetingDocumentsPage />, { path: '/meeting-documents' });
    const recent = await screen.findByRole('table', { name: MEETING_MESSAGES.recentTitle });
    await within(recent).findByRole('button', { name: 'agenda.pdf' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Search documents' }), 'budget');
    const results = await screen.findByRole('table', { name: MEETING_MESSAGES.searchTitle });
    expect((await within(results).findByText('budget')).tagName).toBe('MARK');
    expect(within(results).queryByRole('button', { name: 'agenda.pdf' })).not.toBeInTheDocument();
    const search = calls.find((c) => c.url.startsWith('/api/meetingdocuments/search'));
    expect(Object.fromEntries(new URL(search!.url, 'http://x').searchParams)).toMatchObject({
      term: 'budget',
      cmid: '3',
      page: '1',
      per_page: '5',
    });
  });

  it('a plain member gets no admin buttons; an empty committee says No folders available!', async () => {
    signInAs('CM', 't', 3);
    serve({ roots: [] });
    renderWithApp(<MeetingDocumentsPage />, { path: '/meeting-documents' });
    expect(await screen.findByText(MEETING_MESSAGES.noFolders)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create New Folder' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload Document' })).not.toBeInTheDocument();
  });

  it('the admin creates a folder: Create is disabled until a name is typed', async () => {
    signInAs('CM', 't', 3);
    const { calls } = serve({ abilities: admin });
    renderWithApp(<MeetingDocumentsPage />, { path: '/meeting-documents' });
    await userEvent.click(await screen.findByRole('button', { name: 'Create New Folder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Folder' });
    expect(within(dialog).getByRole('button', { name: 'Create' })).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Folder name'), 'Board');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await screen.findByText('Action successful!');
    expect(calls.find((c) => c.url === '/api/meetingfolders')?.body).toEqual({
      folderName: 'Board',
      parentFolderId: null,
      committeeId: 3,
    });
  });

  it('Upload Document stays disabled while the document index is down, and until a sub folder is open', async () => {
    signInAs('CM', 't', 3);
    serve({ abilities: admin, health: false });
    renderWithApp(<MeetingDocumentsPage />, { path: '/meeting-documents' });
    await userEvent.click(await screen.findByRole('button', { name: '2026 Meetings' }));
    await userEvent.click(await screen.findByRole('button', { name: 'March' }));
    await within(screen.getByRole('region', { name: 'Meeting folders' })).findByRole('button', { name: 'agenda.pdf' });
    expect(screen.getByRole('button', { name: 'Upload Document' })).toBeDisabled();
  });

  it('the Recently Updated Documents table shows an upload and a delete at once, without a reload', async () => {
    signInAs('CM', 't', 3);
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    // What the server holds: the test changes it as the upload and the delete would.
    const recent = [doc(1, 'agenda.pdf'), doc(2, 'minutes.docx')];
    const inFolder = [doc(1, 'agenda.pdf')];
    serve({ abilities: admin, recent, inFolder });
    const user = userEvent.setup();
    renderWithApp(<MeetingDocumentsPage />, { path: '/meeting-documents' });
    const table = await screen.findByRole('table', { name: MEETING_MESSAGES.recentTitle });
    await within(table).findByRole('button', { name: 'agenda.pdf' });

    await user.click(await screen.findByRole('button', { name: '2026 Meetings' }));
    await user.click(await screen.findByRole('button', { name: 'March' }));
    await user.click(await screen.findByRole('button', { name: 'Upload Document' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload Document' });
    await user.upload(
      within(dialog).getByLabelText('Choose a file to upload'),
      new File(['x'], 'budget.pdf', { type: 'application/pdf' }),
    );
    await user.click(await within(dialog).findByRole('button', { name: 'Yes' }));
    await user.click(within(dialog).getByRole('button', { name: 'Finish' }));
    expect(FakeXhr.last!.url).toBe('/api/meetingdocuments');
    recent.unshift(doc(3, 'budget.pdf'));
    inFolder.unshift(doc(3, 'budget.pdf'));
    act(() =>
      FakeXhr.last!.respond(200, { message: 'Document uploaded successfully!', document: doc(3, 'budget.pdf') }),
    );
    expect(await within(table).findByRole('button', { name: 'budget.pdf' })).toBeInTheDocument();

    recent.splice(
      recent.findIndex((d) => d.id === 1),
      1,
    );
    inFolder.splice(
      inFolder.findIndex((d) => d.id === 1),
      1,
    );
    await user.click(await screen.findByRole('button', { name: 'Delete agenda.pdf' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, Delete' }));
    await waitFor(() => expect(within(table).queryByRole('button', { name: 'agenda.pdf' })).not.toBeInTheDocument());
    expect(within(table).getByRole('button', { name: 'budget.pdf' })).toBeInTheDocument();
  });

  it('Access: Continue is disabled until the choice differs; Yes, Assign Access sends the members', async () => {
    signInAs('CM', 't', 3);
    const { calls } = serve({ abilities: admin });
    renderWithApp(<MeetingDocumentsPage />, { path: '/meeting-documents' });
    await userEvent.click(await screen.findByRole('button', { name: '2026 Meetings' }));
    await userEvent.click(screen.getByRole('button', { name: 'Access' }));
    const dialog = await screen.findByRole('dialog', { name: 'Access: 2026 Meetings' });
    const next = await within(dialog).findByRole('button', { name: 'Continue' });
    expect(next).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Give Morgan Multi access' }));
    expect(next).toBeEnabled();
    await userEvent.click(next);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, Assign Access' }));
    await screen.findByText('Action successful!');
    expect(calls.find((c) => c.url === '/api/meetingfolder/accesspermission')?.body).toEqual({
      folderId: 10,
      committeeId: 3,
      userIds: [6],
    });
  });

  it('a user in no committee reads a plain explanation', async () => {
    signInAs('CM', 't');
    serve();
    renderWithApp(<MeetingDocumentsPage />, { path: '/meeting-documents' });
    expect(await screen.findByText(MEETING_MESSAGES.noCommittee)).toBeInTheDocument();
  });
});

describe('Recent Documents card', () => {
  it('lists the first 5 of the committee, asked with per_page=5', async () => {
    signInAs('CM', 't', 3);
    const { calls } = serve();
    renderWithApp(<RecentDocumentsCard />, { path: '/dashboard' });
    const table = await screen.findByRole('table', { name: 'Recent Documents' });
    await within(table).findByRole('button', { name: 'agenda.pdf' });
    await waitFor(() =>
      expect(calls.some((c) => c.url === '/api/meetingdocuments/recent/3?page=1&per_page=5')).toBe(true),
    );
  });
});
