import { useState } from 'react';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { RECORD_MESSAGES } from '@portal/shared';
import { parseDayMonthYear } from '../lib/dates';

/**
 * A d/m/y date filter (spec/01 section 9): typed as 5/1/2026 or picked; its value is YYYY-MM-DD, or
 * null when cleared. A typed date that is not one ('31/02/2026', 'abc') stays as typed and says it is
 * invalid when the field is left, instead of quietly going back to the last date.
 */
export function DateFilter({
  label,
  value,
  onChange,
  w,
}: {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  w?: DateInputProps['w'];
}) {
  /** The typed text is not a date: it is kept as typed on leaving (a valid one is written as DD/MM/YYYY). */
  const [typedInvalid, setTypedInvalid] = useState(false);
  const [invalid, setInvalid] = useState(false);
  return (
    <DateInput
      label={label}
      placeholder="DD/MM/YYYY"
      valueFormat="DD/MM/YYYY"
      dateParser={parseDayMonthYear}
      value={value}
      onChange={(next) => {
        // A date picked or cleared: whatever was typed before no longer counts.
        setTypedInvalid(false);
        setInvalid(false);
        onChange(next);
      }}
      onInput={(event) => {
        const text = event.currentTarget.value.trim();
        setTypedInvalid(text !== '' && parseDayMonthYear(text) === null);
      }}
      onBlur={() => setInvalid(typedInvalid)}
      fixOnBlur={!typedInvalid}
      error={invalid ? RECORD_MESSAGES.dateInvalid : undefined}
      clearable
      leftSection={<IconCalendar size={16} aria-hidden />}
      w={w}
      popoverProps={{ withinPortal: true }}
    />
  );
}
