/**
 * Amounts of spec/01 section 9: a $ sign, thousands separators and two decimals; a negative
 * amount (a credit) as -$; a paid invoice's amount due is 0 and shows as $0.00.
 */
// Built on first use, not when the module loads: the first Intl format of a page is costly, and
// the dashboard loads this module before its first paint but shows amounts only after it.
let dollars: Intl.NumberFormat | undefined;
const DOLLARS = {
  format: (value: number) =>
    (dollars ??= new Intl.NumberFormat('en-AU', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      useGrouping: true,
    })).format(value),
};

/** 1234.5 -> '$1,234.50'; -150 -> '-$150.00'; '' for a missing or non-numeric amount. */
export function formatMoney(amount: number | string | null | undefined): string {
  if (amount === null || amount === undefined || amount === '') return '';
  const value = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(value)) return '';
  const text = DOLLARS.format(Math.abs(value));
  // -0.001 rounds to 0.00: no minus sign in front of nothing owed.
  const negative = value < 0 && text !== DOLLARS.format(0);
  return `${negative ? '-' : ''}$${text}`;
}
