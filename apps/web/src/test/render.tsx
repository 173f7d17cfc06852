import type { ReactElement } from 'react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { theme } from '../app/theme';
import { markOverlaysMounted } from '../lib/overlays';

// The tests mount the toast and modal hosts themselves (renderWithApp); see lib/overlays.ts.
markOverlaysMounted();

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** Renders a component on a memory router with the app's providers. */
export function renderWithApp(
  ui: ReactElement,
  {
    path = '/',
    extraRoutes = [],
    initialEntry = path,
  }: {
    path?: string;
    extraRoutes?: RouteObject[];
    /** The address opened (a search on `path`). */ initialEntry?: string;
  } = {},
) {
  const router = createMemoryRouter(
    [
      { path, element: <ModalsProvider>{ui}</ModalsProvider> },
      ...extraRoutes,
      { path: '*', element: <div>Other page</div> },
    ],
    { initialEntries: [initialEntry] },
  );
  const queryClient = testQueryClient();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme}>
        <Notifications />
        <RouterProvider router={router} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}

type Handler = (url: string, init: RequestInit) => { status?: number; body?: unknown } | undefined;

/** Replaces fetch: each call is answered by the first handler that returns something, else 404. */
export function mockFetch(handler: Handler) {
  const calls: { url: string; method: string; body: unknown; headers: Record<string, string> }[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ url, method: init.method ?? 'GET', body, headers: (init.headers ?? {}) as Record<string, string> });
    const answer = handler(url, init) ?? { status: 404, body: { message: 'Not found.' } };
    return new Response(JSON.stringify(answer.body ?? {}), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fn);
  return { fn, calls };
}
