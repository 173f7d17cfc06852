import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PAGE_SIZES,
  type CategoryTree,
  type DownloadLinkResponse,
  type PublicationItem,
  type PublicationList,
  type PublicationSaved,
  type SubscriptionBody,
} from '@portal/shared';
import { api, apiUrl, retryServerErrors } from '../../lib/api-client';
import { bulkDownloadUrl, downloadFile } from '../../components/documents/download';
import { notifyError } from '../../lib/notify';
import { uploadFile, type UploadProgress } from '../../components/documents/upload-file';

/** The query keys of the publications' calls; ['publications'] covers them all. */
export const publicationsKey = ['publications'] as const;
export const recentKey = [...publicationsKey, 'recent'] as const;
export const publicationKey = (id: number) => [...publicationsKey, 'one', id] as const;
export const categoriesKey = [...publicationsKey, 'categories'] as const;
export const categoryPublicationsKey = (id: number) => [...publicationsKey, 'category', id] as const;
export const adminKey = [...publicationsKey, 'admin'] as const;

/** GET /publications?page=&per_page=: the recently updated publications, paged by the server. */
export const getPublications = (page: number, perPage: number, signal?: AbortSignal) =>
  api.get<PublicationList>('/publications', { query: { page, per_page: perPage }, signal });

export function usePublications(page: number, perPage: number) {
  return useQuery({
    queryKey: [...recentKey, page, perPage],
    queryFn: ({ signal }) => getPublications(page, perPage, signal),
    placeholderData: keepPreviousData,
    retry: retryServerErrors,
    meta: { silent: true },
  });
}

/** GET /publications/{id}: one publication (404 when it does not exist). */
export const getPublication = (id: number, signal?: AbortSignal) =>
  api.get<{ data: PublicationItem }>(`/publications/${id}`, { signal });

export function usePublication(id: number | null) {
  return useQuery({
    queryKey: publicationKey(id ?? 0),
    queryFn: ({ signal }) => getPublication(id!, signal),
    enabled: id !== null,
    retry: retryServerErrors,
    meta: { silent: true },
    select: (res) => res.data,
  });
}

/**
 * POST /downloads for the file shown inline: a signed link the preview frame follows (a frame
 * cannot send the bearer token). The link lives 60 s, so it is asked afresh each time the page opens.
 */
export function usePreviewLink(id: number | null, enabled: boolean) {
  return useQuery({
    queryKey: [...publicationsKey, 'preview', id],
    queryFn: () =>
      api.post<DownloadLinkResponse>('/downloads', {
        path: apiUrl(`/publications/${id}/file`, { disposition: 'inline' }),
      }),
    enabled: id !== null && enabled,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    meta: { silent: true },
    select: (res) => res.url,
  });
}

export interface CategoryOptions {
  /** How many publications each subcategory holds (readers only: TA, AR, LA, CM). */
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

/** GET /publications/category/{id}?page=&per_page=: a category's publications by name, a page at a time. */
export const getCategoryPublications = (id: number, page: number, signal?: AbortSignal) =>
  api.get<PublicationList>(`/publications/category/${id}`, {
    query: { page, per_page: PAGE_SIZES.categoryPublications },
    signal,
  });

/** A category's publications, asked for only once it is opened; `fetchNextPage` adds the next page. */
export function useCategoryPublications(id: number | null) {
  return useInfiniteQuery({
    queryKey: categoryPublicationsKey(id ?? 0),
    queryFn: ({ pageParam, signal }) => getCategoryPublications(id!, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.per_page < last.total ? last.page + 1 : undefined),
    enabled: id !== null,
    retry: retryServerErrors,
    meta: { silent: true },
    select: (res) => ({ items: res.pages.flatMap((p) => p.data), total: res.pages[0]?.total ?? 0 }),
  });
}

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
  if (on)
    return api.post<SubscriptionResult>('/subscriptions', { category_ids: [...ids] } satisfies SubscriptionBody, {
      query,
    });
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

/** GET /publications/{id}/file through a download ticket: the browser streams it to disk. */
export async function downloadPublication(id: number): Promise<void> {
  try {
    await downloadFile(apiUrl(`/publications/${id}/file`));
  } catch (error) {
    notifyError(error);
  }
}

/** The selected publications as one streamed zip (the spec's publications/bulk, ids[]). */
export async function downloadPublications(ids: readonly number[]): Promise<void> {
  try {
    await downloadFile(bulkDownloadUrl('/publications/bulk', ids));
  } catch (error) {
    notifyError(error);
  }
}

/** GET /admin/publications?page=&per_page=: every publication, for the back office (SYSADMIN). */
export const getAdminPublications = (page: number, perPage: number, signal?: AbortSignal) =>
  api.get<PublicationList>('/admin/publications', { query: { page, per_page: perPage }, signal });

export function useAdminPublications(page: number, perPage: number) {
  return useQuery({
    queryKey: [...adminKey, page, perPage],
    queryFn: ({ signal }) => getAdminPublications(page, perPage, signal),
    placeholderData: keepPreviousData,
    retry: retryServerErrors,
    meta: { silent: true },
  });
}

interface UploadOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/** POST /admin/publications (multipart: name, category_id, then the file), with upload progress. */
export function addPublication(
  fields: { name: string; category_id: string },
  file: File,
  options: UploadOptions = {},
): Promise<PublicationSaved> {
  return uploadFile<PublicationSaved>({ path: '/admin/publications', fields, file, ...options });
}

/** POST /admin/publications/{id} (multipart: the file): replaces the publication's file. */
export function replacePublication(id: number, file: File, options: UploadOptions = {}): Promise<PublicationSaved> {
  return uploadFile<PublicationSaved>({ path: `/admin/publications/${id}`, fields: {}, file, ...options });
}

/** DELETE /admin/publications/{id} */
export function useRemovePublication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/admin/publications/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publicationsKey }),
  });
}
