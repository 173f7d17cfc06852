import { useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RECORD_MESSAGES } from '@portal/shared';
import { theme } from '../app/theme';
import { DateFilter } from './date-filter';

function Filter({ onChange }: { onChange: (value: string | null) => void }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <DateFilter
      label="Visit date"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

const field = () => screen.getByLabelText('Visit date');

describe('DateFilter', () => {
  it.each(['31/02/2026', 'abc'])(
    "says '%s' is not a date when the field is left, and keeps what was typed",
    async (typed) => {
      const onChange = vi.fn();
      const user = userEvent.setup();
      render(
        <MantineProvider theme={theme}>
          <Filter onChange={onChange} />
        </MantineProvider>,
      );
      await user.type(field(), typed);
      await user.tab();
      expect(field()).toHaveAccessibleDescription(RECORD_MESSAGES.dateInvalid);
      expect(field()).toHaveValue(typed);
      expect(onChange).not.toHaveBeenCalledWith(expect.any(String));
    },
  );

  it('takes a d/m/y date and shows no message', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(
      <MantineProvider theme={theme}>
        <Filter onChange={onChange} />
      </MantineProvider>,
    );
    await user.type(field(), '5/1/2026');
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith('2026-01-05');
    expect(field()).not.toHaveAccessibleDescription(RECORD_MESSAGES.dateInvalid);
  });
});
