import { useQuery } from '@tanstack/react-query';
import type { RegistrationCategories } from '@portal/shared';
import { api } from '../../lib/api-client';

/** GET /register/categories (public): the publication categories a registration may ask to subscribe to. */
export const getRegistrationCategories = (signal?: AbortSignal) => api.get<RegistrationCategories>('/register/categories', { signal });

export function useRegistrationCategories() {
  return useQuery({ queryKey: ['register', 'categories'], queryFn: ({ signal }) => getRegistrationCategories(signal), staleTime: 5 * 60_000 });
}

/** 'Root › Subcategory' (or the root's own name) for each category id, to read a selection back. */
export function categoryLabels(data: RegistrationCategories['data'] | undefined): Map<number, string> {
  const labels = new Map<number, string>();
  for (const root of data ?? []) {
    labels.set(root.id, root.name);
    for (const c of root.children) labels.set(c.id, `${root.name} › ${c.name}`);
  }
  return labels;
}
