import { lazy, Suspense } from 'react';
import { Skeleton } from '@mantine/core';
import type { ReplyFormProps } from './reply-form';

const ReplyForm = lazy(() => import('./reply-form').then((m) => ({ default: m.ReplyForm })));

/**
 * The reply form, its script loaded when a discussion is drawn rather than with the page's: with
 * its schema and the form library it is about 40 kB sent, which the discussion's first paint waited
 * for (bench/README.md, 2026-11-29). A skeleton of the closed form's height (238 px at any width)
 * holds its place, so nothing below it moves when it comes.
 */
export function LazyReplyForm(props: ReplyFormProps) {
  return (
    <Suspense
      fallback={<Skeleton h={238} radius="sm" role="status" aria-busy="true" aria-label="Loading the reply form" />}
    >
      <ReplyForm {...props} />
    </Suspense>
  );
}
