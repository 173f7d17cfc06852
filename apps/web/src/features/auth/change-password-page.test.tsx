import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@portal/shared';
import { mockFetch, renderWithApp } from '../../test/render';
import { ChangePasswordForm } from './change-password-page';
import { canSubmitChangePassword, changePasswordErrors } from './password-rules';

const oldField = () => screen.getByLabelText(/^Old password/);
const newField = () => screen.getByLabelText(/^New password/);
const confirmField = () => screen.getByLabelText(/^Confirm password/);
const submit = () => screen.getByRole('button', { name: 'Submit' });

describe('change password rules', () => {
  it.each([
    [{ oldPassword: 'secret1', newPassword: 'abc', confirmPassword: 'abc' }, { newPassword: MESSAGES.newPasswordMin }],
    [{ oldPassword: 'secret1', newPassword: 'abc defg', confirmPassword: 'abc defg' }, { newPassword: MESSAGES.newPasswordSpace }],
    [{ oldPassword: 'secret1', newPassword: 'secret1', confirmPassword: 'secret1' }, { newPassword: MESSAGES.newPasswordSameAsOld }],
    [{ oldPassword: 'secret1', newPassword: 'secret2', confirmPassword: 'secret3' }, { confirmPassword: MESSAGES.passwordsDoNotMatch }],
    [{ oldPassword: 'secret1', newPassword: 'secret2', confirmPassword: 'secret2' }, {}],
  ])('%o', (values, errors) => {
    expect(changePasswordErrors(values)).toEqual(errors);
    expect(canSubmitChangePassword(values)).toBe(Object.keys(errors).length === 0);
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
    expect(await screen.findByText(MESSAGES.newPasswordSpace)).toBeInTheDocument();

    await user.clear(newField());
    await user.type(newField(), 'portal-demo');
    expect(await screen.findByText(MESSAGES.newPasswordSameAsOld)).toBeInTheDocument();

    await user.clear(newField());
    await user.type(newField(), 'better-one');
    await user.type(confirmField(), 'better-two');
    await user.tab();
    expect(await screen.findByText(MESSAGES.passwordsDoNotMatch)).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.newPasswordSameAsOld)).not.toBeInTheDocument();
    expect(submit()).toBeDisabled();
  });

  it("sends the passwords and shows the server's failure message", async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((url) =>
      url === '/api/change-password' ? { status: 422, body: { message: MESSAGES.oldPasswordWrong } } : undefined,
    );
    renderWithApp(<ChangePasswordForm />);
    await user.type(oldField(), 'wrong-old');
    await user.type(newField(), 'better-one');
    await user.type(confirmField(), 'better-one');
    await user.click(submit());
    const form = submit().closest('form')!;
    expect(await within(form).findByRole('alert')).toHaveTextContent(MESSAGES.oldPasswordWrong);
    // ...and as the 'Error' notification.
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ oldPassword: 'wrong-old', newPassword: 'better-one' });
  });
});
