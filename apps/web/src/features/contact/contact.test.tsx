import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { CONTACT, CONTACT_LIMITS, CONTACT_MESSAGES, MESSAGES } from '@portal/shared';
import { reloadSession } from '../../lib/session';
import { mockFetch, renderWithApp } from '../../test/render';
import { signInAs } from '../../test/sign-in';
import ContactPage from './contact-page';

const field = (label: RegExp) => screen.getByLabelText(label);
const send = () => screen.getByRole('button', { name: 'Send' });

afterEach(() => {
  localStorage.clear();
  reloadSession();
});

describe('contact page', () => {
  it('shows the contact details as links', () => {
    mockFetch(() => undefined);
    renderWithApp(<ContactPage />);
    expect(screen.getByRole('link', { name: CONTACT.phone })).toHaveAttribute('href', 'tel:1800621666');
    expect(screen.getByRole('link', { name: CONTACT.email })).toHaveAttribute('href', `mailto:${CONTACT.email}`);
    expect(screen.getByRole('link', { name: CONTACT.address })).toHaveAttribute(
      'href',
      expect.stringContaining('maps'),
    );
    expect(screen.getByRole('link', { name: 'portal.test' })).toHaveAttribute('href', CONTACT.website);
  });

  it('signed out: name, email, subject and message are required, the email checked; a back-to-login button', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch(() => undefined);
    renderWithApp(<ContactPage />);
    expect(screen.getByRole('link', { name: /Back to Login/ })).toHaveAttribute('href', '/login');
    await user.click(send());
    expect(await screen.findByText(CONTACT_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(CONTACT_MESSAGES.emailInvalid)).toBeInTheDocument();
    expect(screen.getByText(CONTACT_MESSAGES.subjectRequired)).toBeInTheDocument();
    expect(screen.getByText(CONTACT_MESSAGES.messageRequired)).toBeInTheDocument();
    await user.type(field(/^Email/), 'not-an-email');
    await user.tab();
    expect(screen.getByText(CONTACT_MESSAGES.emailInvalid)).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/contact')).toHaveLength(0);
  });

  it('signed out: sends all four fields and clears the form', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((url) =>
      url === '/api/contact' ? { body: { message: CONTACT_MESSAGES.sent } } : undefined,
    );
    renderWithApp(<ContactPage />);
    await user.type(field(/^Name/), 'Vera Visitor');
    await user.type(field(/^Email/), 'vera@example.org');
    await user.type(field(/^Subject/), 'Fees');
    await user.type(field(/^Message/), 'How much?');
    await user.click(send());
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/contact')?.body).toEqual({
        name: 'Vera Visitor',
        email: 'vera@example.org',
        subject: 'Fees',
        message: 'How much?',
      }),
    );
    await waitFor(() => expect(field(/^Subject/)).toHaveValue(''));
  });

  it('signed in: only subject and message, no back-to-login', async () => {
    signInAs('CM');
    const user = userEvent.setup();
    const { calls } = mockFetch((url) =>
      url === '/api/contact' ? { body: { message: CONTACT_MESSAGES.sent } } : undefined,
    );
    renderWithApp(<ContactPage />);
    expect(screen.queryByLabelText(/^Name/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Back to Login/ })).not.toBeInTheDocument();
    await user.click(send());
    expect(await screen.findByText(CONTACT_MESSAGES.subjectRequired)).toBeInTheDocument();
    expect(screen.getByText(CONTACT_MESSAGES.messageRequired)).toBeInTheDocument();
    await user.type(field(/^Subject/), 'Room');
    await user.type(field(/^Message/), 'Is it free?');
    await user.click(send());
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/contact')?.body).toEqual({ subject: 'Room', message: 'Is it free?' }),
    );
  });

  it('puts the server’s field errors under the fields, and says the spec’s failure text otherwise', async () => {
    signInAs('TA');
    const user = userEvent.setup();
    let answer: { status: number; body: unknown } = {
      status: 400,
      body: { message: CONTACT_MESSAGES.subjectRequired, errors: { subject: ['Server says no.'] } },
    };
    mockFetch((url) => (url === '/api/contact' ? answer : undefined));
    renderWithApp(<ContactPage />);
    await user.type(field(/^Subject/), 'Room');
    await user.type(field(/^Message/), 'Is it free?');
    await user.click(send());
    expect(await screen.findByText('Server says no.')).toBeInTheDocument();
    answer = { status: 500, body: { message: MESSAGES.serverError } };
    await user.click(send());
    expect(await screen.findByText(MESSAGES.contactFailed)).toBeInTheDocument();
  });
  it('counts the message as it is typed and refuses one past the limit with its message, never cutting it', async () => {
    signInAs('CM');
    const user = userEvent.setup();
    const { calls } = mockFetch(() => undefined);
    renderWithApp(<ContactPage />);
    expect(screen.getByText(`0 of ${CONTACT_LIMITS.messageMax} characters`)).toBeInTheDocument();
    await user.type(field(/^Subject/), 'Long');
    await user.click(field(/^Message/));
    await user.paste('a'.repeat(CONTACT_LIMITS.messageMax + 1));
    expect(field(/^Message/)).toHaveValue('a'.repeat(CONTACT_LIMITS.messageMax + 1));
    expect(
      screen.getByText(`${CONTACT_LIMITS.messageMax + 1} of ${CONTACT_LIMITS.messageMax} characters`),
    ).toBeInTheDocument();
    await user.click(send());
    expect(await screen.findByText(CONTACT_MESSAGES.messageMax(CONTACT_LIMITS.messageMax))).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/contact')).toHaveLength(0);
  });
});
