import { schemaResolver, useForm, type UseFormInput, type UseFormReturnType } from '@mantine/form';
import { ApiError, isApiError } from './api-client';

/** A shared zod schema (zod 4 is a Standard Schema, which @mantine/form's own resolver takes). */
export type FormSchema = Parameters<typeof schemaResolver>[0];

/**
 * True when focus leaves a field for a button (Send, Cancel, Add): the field is then not checked on
 * leaving. Its message would appear between the press and the release of the button, move the
 * button down, and the release would land beside it: the first click on Send did nothing. Sending
 * checks every field anyway.
 */
function leavesForButton(event: unknown): boolean {
  const next = (event as { relatedTarget?: unknown } | undefined)?.relatedTarget;
  return next instanceof HTMLElement && (next.tagName === 'BUTTON' || next.getAttribute('role') === 'button');
}

/**
 * Every form of the app: @mantine/form checked with the shared zod schema that the server checks
 * too, so a field shows the same message before sending as the server would answer. A field is
 * checked when it is left (unless for a button, see leavesForButton) and when the form is sent;
 * typing in it clears its message.
 */
export function useSchemaForm<Values extends Record<string, unknown>>(
  schema: FormSchema | (() => FormSchema | undefined),
  options: Omit<UseFormInput<Values>, 'validate' | 'mode'>,
): UseFormReturnType<Values> {
  return useForm<Values>({
    mode: 'controlled',
    validateInputOnBlur: true,
    ...options,
    enhanceGetInputProps: (payload) => {
      const own = options.enhanceGetInputProps?.(payload) ?? {};
      const onBlur = payload.inputProps.onBlur as (() => void) | undefined;
      if (!onBlur) return own;
      return { ...own, onBlur: (event: unknown) => (leavesForButton(event) ? undefined : onBlur()) };
    },
    // A getter: the schema is loaded on first use (the sign-in screen keeps zod out of its first
    // scripts); until it is there nothing is flagged, and submitting waits for it.
    validate:
      typeof schema === 'function'
        ? (values) => {
            const loaded = schema();
            return loaded ? schemaResolver(loaded, { sync: true })(values) : {};
          }
        : schemaResolver(schema, { sync: true }),
  });
}

/** True when the form has a value at this dotted path ('contacts.0.phone'). */
function hasPath(values: unknown, path: string): boolean {
  let node: unknown = values;
  for (const key of path.split('.')) {
    if (node === null || typeof node !== 'object' || !(key in node)) return false;
    node = (node as Record<string, unknown>)[key];
  }
  return true;
}

interface ErrorTarget {
  getValues: () => unknown;
  setErrors: (errors: Record<string, string>) => void;
}

/**
 * The one mapping of a failed call onto a form (DESIGN "Forms"). The server answers
 * `{ message, errors: { 'contacts.0.phone': [...] } }`: each error naming a field of this form goes
 * under that field. What is left (errors naming no field here, a 403, a lost connection) comes back
 * as an ApiError holding only that, for the form to show once as its notice or alert; null when
 * every error went onto a field, so the form says nothing more. `fieldNames` renames the server's
 * fields where the form calls them otherwise ({ data: 'mobile' }).
 */
export function applyServerErrors(form: ErrorTarget, error: unknown, fieldNames: Record<string, string> = {}): unknown {
  if (!isApiError(error) || Object.keys(error.errors).length === 0) return error;
  const values = form.getValues();
  const onFields: Record<string, string> = {};
  const rest: Record<string, string[]> = {};
  for (const [serverField, messages] of Object.entries(error.errors)) {
    if (messages.length === 0) continue;
    const field = fieldNames[serverField] ?? serverField;
    if (hasPath(values, field)) onFields[field] = messages[0]!;
    else rest[serverField] = messages;
  }
  form.setErrors(onFields);
  if (Object.keys(rest).length === 0) return null;
  const message = Object.values(rest)[0]?.[0] ?? error.message;
  return new ApiError(error.status, { message, errors: rest });
}
