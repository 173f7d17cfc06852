import { Select, type SelectProps } from '@mantine/core';
import { STATES } from '@portal/shared';

/**
 * The State field of a contact form (form.getInputProps spreads onto it): picking the chosen state
 * again keeps it; an optional one has a clear button, a required one cannot be emptied. Like the
 * theme's text inputs it shows no asterisk (`required` still tells assistive tools).
 */
export function StateSelect(props: Omit<SelectProps, 'data' | 'label'>) {
  return (
    <Select
      label="State"
      data={[...STATES]}
      withAsterisk={false}
      allowDeselect={false}
      clearable={!props.required}
      comboboxProps={{ withinPortal: true }}
      {...props}
    />
  );
}
