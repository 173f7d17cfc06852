import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/** A calm blue-teal, dark enough at shade 7 for white text (WCAG AA). */
const brand: MantineColorsTuple = [
  '#e5f7fa',
  '#d3eef2',
  '#a6dbe4',
  '#75c7d5',
  '#4fb6c9',
  '#36abc1',
  '#25a5bf',
  '#0b7285',
  '#006577',
  '#005766',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  colors: { brand },
  fontFamily: 'Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  defaultRadius: 'md',
  components: {
    Card: { defaultProps: { withBorder: true, radius: 'md', padding: 'lg', shadow: 'xs' } },
    Paper: { defaultProps: { radius: 'md' } },
    Button: { defaultProps: { radius: 'md' } },
    // Labels stay exactly the field's name (tests and assistive tools find fields by it): no ' *'
    // appended for required fields; `required` still marks them for assistive tools.
    TextInput: { defaultProps: { withAsterisk: false } },
    // The toggle's default name contains "password", which would make a 'Password' label ambiguous.
    PasswordInput: {
      defaultProps: { withAsterisk: false, visibilityToggleButtonProps: { 'aria-label': 'Show the characters' } },
    },
  },
});

/** Mantine's dimmed grey is below WCAG AA contrast on white; use a darker one. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
