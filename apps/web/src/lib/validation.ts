/** Anything with zod's safeParse: the shared request schemas hold the spec's messages. */
export interface Parser {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: readonly { message: string; path: readonly PropertyKey[] }[] } };
}

/** The first message a schema gives for a value, or null when the value is valid. */
export function firstError(schema: Parser, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/** The first message per top-level field of an object schema. */
export function fieldErrors(schema: Parser, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

interface Issue {
  message: string;
  path: readonly PropertyKey[];
  code?: string;
  minimum?: unknown;
  maximum?: unknown;
  format?: string;
}

/**
 * A shared schema's own messages are the spec's; zod's generic ones ('Too small: expected string to
 * have >=1 characters') are put in words a member understands.
 */
export function issueMessage(issue: Issue): string {
  if (!/^(Too small|Too big|Invalid)/.test(issue.message)) return issue.message;
  if (issue.code === 'too_small' && Number(issue.minimum) <= 1) return 'This field is required.';
  if (issue.code === 'too_small') return `This field must have at least ${String(issue.minimum)} characters.`;
  if (issue.code === 'too_big') return `This field may not be greater than ${String(issue.maximum)} characters.`;
  if (issue.code === 'invalid_format' && issue.format === 'email') return 'Please enter a valid email address.';
  if (issue.code === 'invalid_value') return 'Please choose one of the options.';
  return issue.message;
}

/** The first message per field, keyed by the full path as the server keys its errors ('contacts.0.name'). */
export function fieldErrorsByPath(schema: Parser, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues as readonly Issue[]) {
    const key = issue.path.map(String).join('.');
    if (!(key in errors)) errors[key] = issueMessage(issue);
  }
  return errors;
}
