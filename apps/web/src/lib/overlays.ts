import { useSyncExternalStore } from 'react';

/**
 * The hosts of toasts and modals (Mantine's <Notifications> and <ModalsProvider>, with the floating
 * and scroll-lock code they bring) load only when something needs them: at once on signed-in pages,
 * and on the sign-in screens when the user opens a modal or an error toast shows. `notifications.show`
 * and `modals.open` talk to their hosts through a store and window events, so the host need not wrap
 * the page; a toast shown before its host mounted appears when it does.
 */
let wanted = false;
let isMounted = false;
let ready: (() => void) | null = null;
const mounted = new Promise<void>((resolve) => (ready = resolve));
const listeners = new Set<() => void>();

/** Asks for the hosts; resolves once they are mounted (a modal opened before that would be lost). */
export function overlaysReady(): Promise<void> {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  return mounted;
}

/** Called by the hosts when they have mounted. */
export function markOverlaysMounted(): void {
  isMounted = true;
  ready?.();
}

/** Runs `fn` now when the hosts are mounted, else once they are (in the order asked). */
export function whenOverlaysReady(fn: () => void): void {
  if (isMounted) fn();
  else void overlaysReady().then(fn);
}

export function useOverlaysWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
    () => wanted,
  );
}
