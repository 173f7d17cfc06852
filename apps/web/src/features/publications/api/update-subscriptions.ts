import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubscriptionBody } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { categoriesKey } from './keys';

export interface SubscriptionChange {
  /** Category ids: a root stands for every one of its subcategories. */
  ids: readonly number[];
  /** True subscribes (or turns notify on), false unsubscribes (or turns it off). */
  on: boolean;
  /** The notify setting (?type=notification) rather than the subscription itself. */
  notify?: boolean;
}

interface SubscriptionResult {
  message: string;
}

/**
 * POST /subscriptions {category_ids} to subscribe, DELETE /subscriptions/{json list} to unsubscribe;
 * with ?type=notification the same two turn notify on and off.
 */
export const changeSubscriptions = ({ ids, on, notify = false }: SubscriptionChange) => {
  const query = notify ? { type: 'notification' } : undefined;
  if (on) return api.post<SubscriptionResult>('/subscriptions', { category_ids: [...ids] } satisfies SubscriptionBody, { query });
  return api.delete<SubscriptionResult>(`/subscriptions/${encodeURIComponent(JSON.stringify(ids))}`, { query });
};

export function useChangeSubscriptions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeSubscriptions,
    // Whatever happened (a refusal may follow another tab's change), the tree is asked again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: categoriesKey }),
  });
}
