import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render';
import { DashboardCard } from './dashboard-card';

const common = { icon: null, emptyText: null, rowHeight: 40, viewAll: { to: '/jobs', label: 'View all' } };

describe('DashboardCard', () => {
  // The dashboard's largest paint is a row of a card whose query was answered while the code
  // loaded: it belongs in the first paint; a skeleton waits until after it (lib/after-first-paint.ts).
  it('draws rows already at hand with the first render, a skeleton only after the first paint', async () => {
    renderWithApp(
      <>
        <DashboardCard {...common} title="Notifications" loading={false} loadingLabel="Loading notifications">
          <p>Receive your sign-in codes by SMS</p>
        </DashboardCard>
        <DashboardCard {...common} title="Jobs" loading loadingLabel="Loading jobs">
          <p>never shown</p>
        </DashboardCard>
      </>,
    );
    expect(screen.getByText('Receive your sign-in codes by SMS')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading jobs' })).not.toBeInTheDocument();
    expect(await screen.findByRole('status', { name: 'Loading jobs' })).toBeInTheDocument();
  });
});
