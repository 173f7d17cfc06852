import { useEffect, useState } from 'react';
import { TWO_FACTOR } from '@portal/shared';

/**
 * A new code may be asked for TWO_FACTOR.resendSeconds after the last one (the server answers 429
 * before that). The screens count down instead of letting the user meet that error. When a code
 * was sent is kept per purpose in sessionStorage, so a reload keeps the wait.
 */
export type CodePurpose = 'login' | 'setup';

const KEY = 'portal.codeSentAt';

function readAll(): Partial<Record<CodePurpose, number>> {
  try {
    const value: unknown = JSON.parse(window.sessionStorage.getItem(KEY) ?? '{}');
    return typeof value === 'object' && value !== null ? (value as Partial<Record<CodePurpose, number>>) : {};
  } catch {
    return {};
  }
}

export function markCodeSent(purpose: CodePurpose, at = Date.now()): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify({ ...readAll(), [purpose]: at }));
  } catch {
    // Without storage the countdown still runs until the page reloads.
  }
}

function secondsLeftFor(purpose: CodePurpose): number {
  const sentAt = readAll()[purpose];
  if (!sentAt) return 0;
  return Math.max(0, Math.ceil((sentAt + TWO_FACTOR.resendSeconds * 1000 - Date.now()) / 1000));
}

/** Seconds until a new code may be asked for (0: now), ticking; restart() after each send. */
export function useResendCountdown(purpose: CodePurpose) {
  const [secondsLeft, setSecondsLeft] = useState(() => secondsLeftFor(purpose));
  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = window.setTimeout(() => setSecondsLeft(secondsLeftFor(purpose)), 1000);
    return () => window.clearTimeout(timer);
  }, [purpose, secondsLeft]);
  return {
    secondsLeft,
    restart: () => {
      markCodeSent(purpose);
      setSecondsLeft(secondsLeftFor(purpose));
    },
  };
}
