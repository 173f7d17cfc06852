import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useBlocker, type Blocker } from 'react-router';
import { modals } from './modals';

export const UNSAVED_CHANGES = {
  title: 'Leave this page?',
  text: 'What you have typed here is not saved and will be lost.',
  leave: 'Leave',
  stay: 'Stay',
} as const;

/**
 * Warns before a form with unsaved changes is left: a reload or closing the tab asks through the
 * browser's own prompt, and a link, Back or Cancel inside the app asks in a modal (Leave / Stay).
 * A form that has just been saved calls `release()` before it moves on, so its own navigation is
 * never held. Changes of the search part only (a list's page) are not leaving.
 */
export function useUnsavedChangesGuard(dirty: boolean): { release: () => void } {
  const [released, setReleased] = useState(false);
  const active = dirty && !released;

  const blocker = useBlocker(
    useCallback(
      ({
        currentLocation,
        nextLocation,
      }: {
        currentLocation: { pathname: string };
        nextLocation: { pathname: string };
      }) => active && currentLocation.pathname !== nextLocation.pathname,
      [active],
    ),
  );

  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show their prompt only when a value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);

  // One question per blocked navigation: the blocker object is new at each render, its state is not.
  const held = useRef<Blocker>(blocker);
  const asking = useRef(false);
  useEffect(() => {
    held.current = blocker;
  });
  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    // Closing the modal any other way (Escape, the cross, outside) is Stay; a decision is taken once.
    let decided = false;
    const decide = (leave: boolean) => {
      if (decided) return;
      decided = true;
      asking.current = false;
      if (leave) held.current.proceed?.();
      else held.current.reset?.();
    };
    modals.openConfirmModal({
      title: UNSAVED_CHANGES.title,
      children: UNSAVED_CHANGES.text,
      labels: { confirm: UNSAVED_CHANGES.leave, cancel: UNSAVED_CHANGES.stay },
      confirmProps: { color: 'red' },
      onConfirm: () => decide(true),
      onCancel: () => decide(false),
      onClose: () => decide(false),
    });
  }, [blocker.state]);

  // Committed at once, so the navigation that follows a save is judged with the guard released.
  return { release: useCallback(() => flushSync(() => setReleased(true)), []) };
}
