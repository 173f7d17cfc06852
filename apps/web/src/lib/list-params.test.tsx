import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render';
import { useListParams } from './list-params';

function List() {
  const list = useListParams({
    perPage: 5,
    sort: { key: 'created_at', direction: 'asc' },
    sortKeys: ['name', 'created_at'],
  });
  return (
    <>
      <output aria-label="state">{`page ${list.page} · ${list.perPage} a page · ${list.sort?.key} ${list.sort?.direction} · name '${list.filter('name')}'`}</output>
      <button onClick={() => list.setPage(3)}>Page 3</button>
      <button onClick={() => list.set({ name: 'Ada' })}>Filter</button>
      <button onClick={() => list.sortProps?.onChange('name', 'desc')}>Sort</button>
      <button onClick={() => list.paging(100).onPerPageChange(20)}>20 a page</button>
    </>
  );
}

const state = () => screen.getByRole('status', { name: 'state' }).textContent;

describe('useListParams', () => {
  it('keeps page, page size, sort and filters in the address, so a remount (Back, reload) shows the same list', async () => {
    const user = userEvent.setup();
    const first = renderWithApp(<List />, { path: '/list' });
    expect(state()).toBe("page 1 · 5 a page · created_at asc · name ''");

    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await user.click(screen.getByRole('button', { name: 'Sort' }));
    await user.click(screen.getByRole('button', { name: '20 a page' }));
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(state()).toBe("page 3 · 20 a page · name desc · name 'Ada'");
    const { pathname, search } = first.router.state.location;
    // Paging replaces the entry: Back leaves the list instead of stepping through its pages.
    expect(first.router.state.historyAction).toBe('REPLACE');
    first.unmount();

    renderWithApp(<List />, { path: '/list', initialEntry: `${pathname}${search}` });
    expect(state()).toBe("page 3 · 20 a page · name desc · name 'Ada'");
  });

  it('a new filter or page size goes back to the first page', async () => {
    const user = userEvent.setup();
    renderWithApp(<List />, { path: '/list', initialEntry: '/list?page=4' });
    expect(state()).toContain('page 4');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(state()).toContain('page 1');
  });

  it('ignores what a hand-edited address may hold: a page size not offered, an unknown sort, a page below 1', () => {
    renderWithApp(<List />, { path: '/list', initialEntry: '/list?page=-2&per_page=7&sort=password&direction=up' });
    expect(state()).toBe("page 1 · 5 a page · created_at asc · name ''");
  });
});
