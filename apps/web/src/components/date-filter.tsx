import { DateInput, type DateInputProps } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { parseDayMonthYear } from '../lib/dates';

/** A d/m/y date filter (spec/01 section 9): typed as 5/1/2026 or picked; its value is YYYY-MM-DD, or null when cleared. */
export function DateFilter({ label, value, onChange, w }: { label: string; value: string | null; onChange: (value: string | null) => void; w?: DateInputProps['w'] }) {
  return (
    <DateInput
      label={label}
      placeholder="DD/MM/YYYY"
      valueFormat="DD/MM/YYYY"
      dateParser={parseDayMonthYear}
      value={value}
      onChange={onChange}
      clearable
      leftSection={<IconCalendar size={16} aria-hidden />}
      w={w}
      popoverProps={{ withinPortal: true }}
    />
  );
}
