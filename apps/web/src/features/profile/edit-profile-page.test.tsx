import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRODUCT_NAME, REGISTRATION_MESSAGES as M, type Profile } from '@portal/shared';
import { mockFetch, renderWithApp } from '../../test/render';
import { signInAs } from '../../test/sign-in';
import { FakeXhr } from '../../components/documents/test-fixtures';
import EditProfilePage from './edit-profile-page';
import { assessorProfile } from './test-fixtures';

const profile: Profile = {
  id: 4,
  first_name: 'Cam',
  middle_name: null,
  last_name: 'Member',
  title: 'Committee Chair',
  email: 'cm@portal.test',
  mobile_number: null,
  address: null,
  country: 'Australia',
  state: 'NSW',
  suburb: null,
  postcode: null,
  resource_id: null,
  roles: ['CM'],
  facilities: [],
  committees: ['Chemical Testing Committee'],
  assessor: false,
  user_info: {
    emails: [],
    phones: [],
    addresses: [],
    competency_pdf: false,
    competency_viewed: false,
    reviewed_at: null,
  },
  pending_request: null,
  abilities: {
    'profile.competency.view': false,
    'profile.competency.review': false,
    'profile.competency.suggest': false,
  },
};

describe('edit profile', () => {
  it('saves only when something differs; a country other than Australia sets State to Other; success says it went for approval', async () => {
    signInAs('CM');
    const { calls } = mockFetch((url, init) => {
      if (url === '/api/profile') return { body: profile };
      if (url === '/api/user-requests' && init.method === 'POST')
        return { body: { message: M.profileSubmitted(PRODUCT_NAME) } };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithApp(<EditProfilePage />, {
      path: '/edit-profile',
      extraRoutes: [{ path: '/profile', element: <p>Profile page</p> }],
    });
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.clear(screen.getByRole('textbox', { name: 'Last Name' }));
    await user.click(save);
    expect(await screen.findByText(M.fieldRequired)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Last Name' }), 'Member');
    expect(save).toBeDisabled();
    await user.clear(screen.getByRole('textbox', { name: 'Country' }));
    await user.type(screen.getByRole('textbox', { name: 'Country' }), 'New Zealand');
    expect(screen.getAllByLabelText('State')[0]).toBeDisabled();
    await user.click(save);
    expect(await screen.findByText(M.profileSubmitted(PRODUCT_NAME))).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      country: 'New Zealand',
      state: 'Other',
      last_name: 'Member',
    });
    expect(await screen.findByText('Profile page')).toBeInTheDocument();
  }, 60_000);
});

describe('edit profile: only real differences', () => {
  it('a value typed and restored is no change: Save stays off and nothing is sent', async () => {
    signInAs('TA');
    // The server's card has no address line (an optional field left out, not an empty text).
    const base = assessorProfile();
    const { AddressLine: _line, ...address } = base.user_info.addresses[0]!;
    const stored = {
      ...base,
      user_info: {
        ...base.user_info,
        addresses: [address as (typeof base.user_info.addresses)[number]],
      },
    };
    const { calls } = mockFetch((url) => (url === '/api/profile' ? { body: stored } : undefined));
    const user = userEvent.setup();
    renderWithApp(<EditProfilePage />, { path: '/edit-profile' });
    const save = await screen.findByRole('button', { name: 'Save' });
    const line = screen.getAllByRole('textbox', { name: /Address line/ }).at(-1)!;
    await user.type(line, '9');
    expect(save).toBeEnabled();
    await user.clear(line);
    const postcode = screen.getAllByRole('textbox', { name: /Post ?code/i }).at(-1)!;
    await user.type(postcode, '9');
    await user.type(postcode, '{Backspace}');
    expect(save).toBeDisabled();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  }, 60_000);
});

afterEach(() => vi.unstubAllGlobals());

describe('edit profile of a technical assessor: each value once', () => {
  it('edits email, phone and address only in their cards, and sends no flat copy of them', async () => {
    signInAs('TA');
    const { calls } = mockFetch((url, init) => {
      if (url === '/api/profile') return { body: assessorProfile() };
      if (url === '/api/user-requests' && init.method === 'POST')
        return { body: { message: M.profileSubmitted(PRODUCT_NAME) } };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithApp(<EditProfilePage />, {
      path: '/edit-profile',
      extraRoutes: [{ path: '/profile', element: <p>Profile page</p> }],
    });
    const emails = await screen.findByRole('region', { name: 'Email Details' });
    expect(screen.queryByRole('region', { name: 'Address' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('textbox', { name: /^Email/ })).toHaveLength(1);
    expect(screen.queryByRole('textbox', { name: 'Phone' })).not.toBeInTheDocument();
    await user.clear(within(emails).getByRole('textbox', { name: /^Email/ }));
    await user.type(within(emails).getByRole('textbox', { name: /^Email/ }), 'tess.new@mail.test');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Profile page')).toBeInTheDocument();
    const sent = calls.find((c) => c.method === 'POST')!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ user_info: { emails: [{ email: 'tess.new@mail.test', isPrimary: true }] } });
    for (const flat of ['email', 'mobile_number', 'address', 'country', 'state', 'suburb', 'postcode'])
      expect(sent).not.toHaveProperty(flat);
  }, 60_000);
});

async function pickAndConfirm(user: ReturnType<typeof userEvent.setup>, name = 'suggestions.pdf') {
  await user.click(await screen.findByRole('button', { name: 'Upload Document' }));
  const dialog = await screen.findByRole('dialog', { name: 'Upload Suggested Changes' });
  await user.upload(
    within(dialog).getByLabelText('Choose a file to upload'),
    new File(['%PDF'], name, { type: 'application/pdf' }),
  );
  await user.click(await within(dialog).findByRole('button', { name: 'Yes' }));
  await user.click(within(dialog).getByRole('button', { name: 'Finish' }));
  return dialog;
}

describe('edit profile of a technical assessor: the suggested-changes document', () => {
  it("uploads it (the spec's success), sends it with the change, and Save is enabled by the document alone", async () => {
    signInAs('TA');
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const { calls } = mockFetch((url, init) => {
      if (url === '/api/profile') return { body: assessorProfile() };
      if (url === '/api/user-requests' && init.method === 'POST')
        return { body: { message: M.profileSubmitted(PRODUCT_NAME) } };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithApp(<EditProfilePage />, {
      path: '/edit-profile',
      extraRoutes: [{ path: '/profile', element: <p>Profile page</p> }],
    });
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await pickAndConfirm(user);
    const xhr = FakeXhr.last!;
    expect(xhr.url).toBe('/api/user-requests/edittacompetencydoc');
    expect(xhr.fieldOrder()).toEqual(['fileName', 'file']);
    expect(xhr.body?.get('fileName')).toBe('suggestions.pdf');
    act(() =>
      xhr.respond(200, {
        success: true,
        message: M.competencyUploaded,
        data: {
          fileName: 'ab0000000000000000000001',
          orgDoc: 'suggestions.pdf',
          signedUrl: '/api/competency-suggestions/ab0000000000000000000001?dl=x',
        },
      }),
    );
    expect(await screen.findByText(M.competencyUploaded)).toBeInTheDocument();
    expect(await screen.findByText('suggestions.pdf')).toBeInTheDocument();
    expect(save).toBeEnabled();
    await user.type(screen.getByRole('textbox', { name: /Suggested changes to your competencies/ }), 'Add ISO 15189');
    await user.click(save);
    expect(await screen.findByText(M.profileSubmitted(PRODUCT_NAME))).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/user-requests')!.body).toMatchObject({
      competency: { suggestChanges: 'Add ISO 15189', document: 'ab0000000000000000000001', orgDoc: 'suggestions.pdf' },
    });
  }, 60_000);

  it("a refused upload says the server's message; one without a message says the spec's", async () => {
    signInAs('TA');
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    mockFetch((url) => (url === '/api/profile' ? { body: assessorProfile() } : undefined));
    const user = userEvent.setup();
    renderWithApp(<EditProfilePage />, { path: '/edit-profile' });
    const dialog = await pickAndConfirm(user);
    act(() => FakeXhr.last!.respond(400, { message: 'File exceeds maximum upload size of 150 MB' }));
    expect(await within(dialog).findByText('File exceeds maximum upload size of 150 MB')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Choose another file' }));
    await user.upload(
      within(dialog).getByLabelText('Choose a file to upload'),
      new File(['%PDF'], 'again.pdf', { type: 'application/pdf' }),
    );
    await user.click(await within(dialog).findByRole('button', { name: 'Yes' }));
    await user.click(within(dialog).getByRole('button', { name: 'Finish' }));
    act(() => FakeXhr.last!.respond(500, {}));
    expect(await within(dialog).findByText(M.competencyUploadFailed)).toBeInTheDocument();
  }, 60_000);

  it("removes the document (the spec's success); a failure says the server's message, else the spec's", async () => {
    signInAs('TA');
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    let answer: { status: number; body: unknown } = { status: 404, body: { message: 'Not found.' } };
    const { calls } = mockFetch((url) => {
      if (url === '/api/profile') return { body: assessorProfile() };
      if (url === '/api/user-requests/removeUploadedCompetencySuggestDocument') return answer;
      return undefined;
    });
    const user = userEvent.setup();
    renderWithApp(<EditProfilePage />, { path: '/edit-profile' });
    await pickAndConfirm(user);
    act(() =>
      FakeXhr.last!.respond(200, {
        success: true,
        message: M.competencyUploaded,
        data: { fileName: 'ab0000000000000000000002', orgDoc: 'mine.pdf', signedUrl: '/x' },
      }),
    );
    const card = await screen.findByRole('region', { name: 'Competency' });
    const remove = await within(card).findByRole('button', { name: 'Remove' });

    await user.click(remove);
    expect((await screen.findAllByText('Not found.')).length).toBeGreaterThan(0);
    answer = { status: 500, body: {} };
    await user.click(remove);
    expect(await screen.findByText(M.competencyRemoveFailed)).toBeInTheDocument();
    expect(within(card).getByText('mine.pdf')).toBeInTheDocument();

    answer = { status: 200, body: { success: true, message: M.competencyRemoved } };
    await user.click(remove);
    expect(await screen.findByText(M.competencyRemoved)).toBeInTheDocument();
    expect(within(card).queryByText('mine.pdf')).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Upload Document' })).toBeInTheDocument();
    expect(
      calls.filter((c) => c.url === '/api/user-requests/removeUploadedCompetencySuggestDocument').map((c) => c.body),
    ).toEqual([
      { fileName: 'ab0000000000000000000002' },
      { fileName: 'ab0000000000000000000002' },
      { fileName: 'ab0000000000000000000002' },
    ]);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  }, 60_000);
});
