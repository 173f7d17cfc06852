let n = 0;

/** A number new in this test file: unique names, numbers and emails for the records a factory makes. */
export const next = () => ++n;
