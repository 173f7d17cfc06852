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

/**
 * Mantine's red at shade 6 (#fa5252) is 3.28:1 on white: error text and 'Log Out' need 4.5:1 (WCAG
 * AA). Shade 6 (the error colour) is 4.98:1, shade 7 (filled, and red text) 5.6:1; the light ones
 * stay Mantine's for backgrounds.
 */
const red: MantineColorsTuple = [
  '#fff5f5',
  '#ffe3e3',
  '#ffc9c9',
  '#ffa8a8',
  '#ff8787',
  '#ff6b6b',
  '#d32f2f',
  '#c62828',
  '#b71c1c',
  '#8e1414',
];

const DATE_PICKER_DEFAULTS = {
  highlightToday: true,
  hideOutsideDates: true,
  // The month and year headings that open the next level keep the name they show ('November 2026'):
  // a label other than the text fails axe's label-content-name-mismatch.
  ariaLabels: {
    nextMonth: 'Next month',
    previousMonth: 'Previous month',
    nextYear: 'Next year',
    previousYear: 'Previous year',
    nextDecade: 'Next decade',
    previousDecade: 'Previous decade',
  },
};

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  colors: { brand, red },
  fontFamily: 'Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  defaultRadius: 'md',
  components: {
    Card: { defaultProps: { withBorder: true, radius: 'md', padding: 'lg', shadow: 'xs' } },
    Paper: { defaultProps: { radius: 'md' } },
    Button: { defaultProps: { radius: 'md' } },
    // Every modal (the modals manager's too): a named close button and one title style.
    Modal: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close' } },
      styles: { title: { fontSize: 'var(--mantine-font-size-lg)', fontWeight: 650, lineHeight: 1.3 } },
    },
    // Toasts: a named close button too (axe button-name; the registration wizard's notices), and
    // the text in the body colour: Mantine's dimmed grey under a title is 3.32:1 on white (axe).
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close' } },
      styles: { description: { color: 'var(--mantine-color-text)' } },
    },
    // Menus: no focus placeholder (a role=presentation child a menu may not hold, aria-required-children).
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // Date pickers mark today, name their arrows, and leave out the pale days of the next and
    // previous months (below 4.5:1 contrast).
    DateInput: { defaultProps: DATE_PICKER_DEFAULTS },
    DatePickerInput: { defaultProps: DATE_PICKER_DEFAULTS },
    DatePicker: { defaultProps: DATE_PICKER_DEFAULTS },
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
