import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { changePasswordForm, MESSAGES } from '@portal/shared';
import { mockFetch, renderWithApp } from '../../test/render';
import { ChangePasswordForm } from './change-password-page';

const oldField = () => screen.getByLabelText(/^Old password/);
const newField = () => screen.getByLabelText(/^New password/);
const confirmField = () => screen.getByLabelText(/^Confirm password/);
const submit = () => screen.getByRole('button', { name: 'Submit' });

describe('change password rules (the shared changePasswordForm schema)', () => {
  it.each([
    [{ oldPassword: 'secret1', newPassword: 'abc', confirmPassword: 'abc' }, { newPassword: MESSAGES.newPasswordMin }],
    [
      { oldPassword: 'secret1', newPassword: 'abc defg', confirmPassword: 'abc defg' },
      { newPassword: MESSAGES.newPasswordSpace },
    ],
    [
      { oldPassword: 'secret1', newPassword: 'secret1', confirmPassword: 'secret1' },
      { newPassword: MESSAGES.newPasswordSameAsOld },
    ],
    [
      { oldPassword: 'secret1', newPassword: 'secret2', confirmPassword: 'secret3' },
      { confirmPassword: MESSAGES.passwordsDoNotMatch },
    ],
    [{ oldPassword: 'secret1', newPassword: 'secret2', confirmPassword: 'secret2' }, {}],
  ])('%o', (values, errors) => {
    const result = changePasswordForm.safeParse(values);
    expect(Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]))).toEqual(errors);
  });
});

describe('change password form', () => {
  it('keeps Submit disabled until all three fields are filled and valid', async () => {
    const user = userEvent.setup();
    renderWithApp(<ChangePasswordForm />);
    expect(submit()).toBeDisabled();
    await user.type(oldField(), 'portal-demo');
    expect(submit()).toBeDisabled();
    await user.type(newField(), 'better-one');
    expect(submit()).toBeDisabled();
    await user.type(confirmField(), 'better-on');
    expect(submit()).toBeDisabled();
    await user.type(confirmField(), 'e');
    expect(submit()).toBeEnabled();
  });

  it('shows the messages of spec/02 5 under the fields', async () => {
    const user = userEvent.setup();
    renderWithApp(<ChangePasswordForm />);
    await user.type(oldField(), 'portal-demo');
    await user.type(newField(), 'abc');
    await user.tab();
    expect(await screen.findByText(MESSAGES.newPasswordMin)).toBeInTheDocument();

    await user.clear(newField());
    await user.type(newField(), 'abc defg');
    await user.tab();
    expect(await screen.findByText(MESSAGES.newPasswordSpace)).toBeInTheDocument();

    await user.clear(newField());
    await user.type(newField(), 'portal-demo');
    await user.tab();
    expect(await screen.findByText(MESSAGES.newPasswordSameAsOld)).toBeInTheDocument();

    await user.clear(newField());
    await user.type(newField(), 'better-one');
    await user.type(confirmField(), 'better-two');
    await user.tab();
    expect(await screen.findByText(MESSAGES.passwordsDoNotMatch)).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.newPasswordSameAsOld)).not.toBeInTheDocument();
    expect(submit()).toBeDisabled();
  });

  it('says a wrong old password once, under the field, and not in a notice too (issue 9)', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((url) =>
      url === '/api/change-password'
        ? {
            status: 422,
            body: { message: MESSAGES.oldPasswordWrong, errors: { oldPassword: [MESSAGES.oldPasswordWrong] } },
          }
        : undefined,
    );
    renderWithApp(<ChangePasswordForm />);
    await user.type(oldField(), 'wrong-old');
    await user.type(newField(), 'better-one');
    await user.type(confirmField(), 'better-one');
    await user.click(submit());
    await waitFor(() => expect(oldField()).toHaveAccessibleDescription(MESSAGES.oldPasswordWrong));
    expect(screen.getAllByText(MESSAGES.oldPasswordWrong)).toHaveLength(1);
    expect(screen.queryByText('Error')).not.toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ oldPassword: 'wrong-old', newPassword: 'better-one' });
  });
});
