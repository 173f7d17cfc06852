import type { ReactNode } from 'react';
import { Select } from '@mantine/core';
import { STATES } from '@portal/shared';

/** The State field of a contact form: picking the chosen state again keeps it; the clear button empties the field. */
export function StateSelect({ value, onChange, error }: { value: string | null; onChange: (value: string | null) => void; error?: ReactNode }) {
  return (
    <Select
      label="State"
      data={[...STATES]}
      value={value}
      onChange={onChange}
      allowDeselect={false}
      clearable
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
