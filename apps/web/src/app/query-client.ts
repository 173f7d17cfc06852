import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError, retryServerErrors } from '../lib/api-client';
import { notifyError } from '../lib/notify';

/**
 * A failed query shows the 'Error' notification with the server's message, unless the query says
 * it handles failure itself (meta.silent) or the failure was a 401 (the session is over and the
 * api client has already sent the user home).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.silent) return;
        if (isApiError(error) && error.status === 401) return;
        notifyError(error);
      },
    }),
    mutationCache: new MutationCache(),
    defaultOptions: {
      queries: {
        retry: retryServerErrors,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}
