/**
 * The shared sign-in schemas, loaded on first use. zod is the largest script the shared package
 * brings; the sign-in screen stays small by fetching it when the user starts typing (prefetch on
 * focus) and waiting for it on submit. The rules and messages are still the shared schema's.
 */
type AuthSchemas = typeof import('@portal/shared/schemas/auth');

let loading: Promise<AuthSchemas> | null = null;
let loaded: AuthSchemas | null = null;

export function loadAuthSchemas(): Promise<AuthSchemas> {
  loading ??= import('@portal/shared/schemas/auth').then((mod) => (loaded = mod));
  return loading;
}

/** The schemas once loaded; null before (a field left before they arrive is checked on submit). */
export function loadedAuthSchemas(): AuthSchemas | null {
  return loaded;
}

/** Runs a form's submit handler once the schemas are there: `onSubmit={submitWithSchemas(form.onSubmit(...))}`. */
export function submitWithSchemas(handler: () => void) {
  return (event: { preventDefault: () => void }) => {
    event.preventDefault();
    void loadAuthSchemas().then(() => handler());
  };
}
