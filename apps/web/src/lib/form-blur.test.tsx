import { Button, TextInput } from '@mantine/core';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { renderWithApp } from '../test/render';
import { useSchemaForm } from './form';

const schema = z.object({ email: z.email('Enter an email address') });

function EmailForm() {
  const form = useSchemaForm<{ email: string }>(schema, { initialValues: { email: '' } });
  return (
    <form onSubmit={form.onSubmit(() => undefined)}>
      <TextInput label="Email" {...form.getInputProps('email')} />
      <Button type="submit">Send</Button>
      <Button variant="default">Cancel</Button>
    </form>
  );
}

describe('useSchemaForm: checking a field when it is left', () => {
  it('checks a field left for another field or for nothing', async () => {
    renderWithApp(<EmailForm />);
    const input = screen.getByLabelText('Email');
    fireEvent.change(input, { target: { value: 'not an email' } });
    fireEvent.blur(input, { relatedTarget: null });
    expect(await screen.findByText('Enter an email address')).toBeInTheDocument();
  });

  it('does not check a field left for a button, so its message does not move the button under the pointer; Send still checks it', async () => {
    renderWithApp(<EmailForm />);
    const input = screen.getByLabelText('Email');
    fireEvent.change(input, { target: { value: 'not an email' } });
    fireEvent.blur(input, { relatedTarget: screen.getByRole('button', { name: 'Cancel' }) });
    fireEvent.blur(input, { relatedTarget: screen.getByRole('button', { name: 'Send' }) });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Enter an email address')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Enter an email address')).toBeInTheDocument();
  });
});
