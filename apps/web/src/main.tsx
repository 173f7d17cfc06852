import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import type { ActiveUser } from '@portal/shared';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { activeUserQuery } from './features/auth/api';
import { notificationsQuery } from './features/notifications/api';
import { getSession, isSignedIn, syncActiveUser } from './lib/session';

const queryClient = createQueryClient();
const router = createAppRouter();

// A stored sign-in: ask who the user is now, while the first page's code is still loading, so the
// shell can be drawn once, with the user's name (the root layout checks the answer, spec/01 2.2).
// The notifications too (the bell's and the dashboard card's one query): the card's rows are the
// dashboard's largest paint, and asked for only once the page had drawn they came a round trip
// later (bench/dashboard-vitals.mjs). Their scope is the current role (and committee): when the
// storage holds none yet (a token alone), they are asked for as soon as the active user answers
// with it, not once the page has drawn.
if (isSignedIn()) {
  const activeUser = queryClient.prefetchQuery(activeUserQuery);
  const prefetchNotifications = () => {
    const notifications = notificationsQuery(getSession());
    if (notifications.enabled) void queryClient.prefetchQuery({ ...notifications, meta: { silent: true } });
    return notifications.enabled;
  };
  if (!prefetchNotifications()) {
    void activeUser.then(() => {
      const user = queryClient.getQueryData<ActiveUser>(activeUserQuery.queryKey);
      if (!user || !isSignedIn()) return;
      syncActiveUser(user);
      prefetchNotifications();
    });
  }
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
