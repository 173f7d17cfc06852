/**
 * The median of a list of numbers (the mean of the middle two for an even count); the list is not
 * changed. One helper for every script of bench/, which each had their own.
 */
export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}
