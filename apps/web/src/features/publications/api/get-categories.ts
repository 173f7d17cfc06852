import { useQuery } from '@tanstack/react-query';
import type { CategoryTree } from '@portal/shared';
import { api, retryServerErrors } from '../../../lib/api-client';
import { categoriesKey } from './keys';

export interface CategoryOptions {
  /** Each subcategory's publications (readers only: TA, AR, LA, CM). */
  withPublication: boolean;
  /** Only what the user subscribes to (the 'Your Subscriptions' browser). */
  subscribed?: boolean;
}

/** GET /categories[?withPublication=true][&subscribed=true]: the tree with the user's isSubscribe and isNotify. */
export const getCategories = ({ withPublication, subscribed = false }: CategoryOptions, signal?: AbortSignal) =>
  api.get<CategoryTree>('/categories', {
    query: { withPublication: withPublication ? 'true' : undefined, subscribed: subscribed ? 'true' : undefined },
    signal,
  });

export function useCategories(options: CategoryOptions) {
  return useQuery({
    queryKey: [...categoriesKey, options.withPublication, options.subscribed ?? false],
    queryFn: ({ signal }) => getCategories(options, signal),
    retry: retryServerErrors,
    meta: { silent: true },
    select: (res) => res.data,
  });
}
