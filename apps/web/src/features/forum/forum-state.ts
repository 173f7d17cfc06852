import type { ForumUser } from '@portal/shared';

/**
 * spec/01 2.2: entering the forum list from anywhere but a discussion drops the cached list. The
 * discussion page marks when it is left; the list reads (and clears) the mark as it opens.
 */
let leftDiscussion = false;

export function markLeftDiscussion(): void {
  leftDiscussion = true;
}

export function consumeLeftDiscussion(): boolean {
  const was = leftDiscussion;
  leftDiscussion = false;
  return was;
}

/** 'First Middle Last' of a poster, or a dash when the account is gone. */
export function authorName(user: ForumUser): string {
  if (!user) return '—';
  return [user.first_name, user.middle_name, user.last_name].filter(Boolean).join(' ');
}
