import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render';
import { DataTable, type DataColumn } from './data-table';

interface Row {
  id: number;
  name: string;
}
const columns: DataColumn<Row>[] = [
  { title: 'Name', render: (r) => r.name },
  { title: 'Actions', hiddenTitle: true, render: (r) => <button type="button">Edit {r.name}</button> },
];
const rows: Row[] = [
  { id: 1, name: 'One' },
  { id: 2, name: 'Two' },
];

const desktop = window.matchMedia;
afterEach(() => {
  window.matchMedia = desktop;
});

describe('DataTable', () => {
  it('is a table named by its label, with a hidden title for the actions column', () => {
    renderWithApp(<DataTable label="Things" columns={columns} rows={rows} rowKey={(r) => r.id} empty="None" />);
    const table = screen.getByRole('table', { name: 'Things' });
    expect(within(table).getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(3);
  });

  it('shows one card per row on a phone, named by the same label', () => {
    window.matchMedia = ((query: string) => ({ ...desktop(query), matches: true })) as typeof window.matchMedia;
    renderWithApp(<DataTable label="Things" columns={columns} rows={rows} rowKey={(r) => r.id} empty="None" />);
    const list = screen.getByRole('list', { name: 'Things' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('NameOne');
    expect(within(items[1]!).getByRole('button', { name: 'Edit Two' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says the empty text, and pages only when there is more than one page', () => {
    const paging = { page: 1, perPage: 5, total: 0, onPageChange: () => undefined };
    const { unmount } = renderWithApp(
      <DataTable label="Things" columns={columns} rows={[]} rowKey={(r) => r.id} empty="None yet" paging={paging} />,
    );
    expect(screen.getByText('None yet')).toBeInTheDocument();
    unmount();
    renderWithApp(
      <DataTable
        label="Things"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        empty="None"
        paging={{ ...paging, total: 12 }}
      />,
    );
    expect(screen.getByText('1–2 of 12')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeInTheDocument();
  });
});

describe('DataTable sorting and selection', () => {
  it('sorts from a header (aria-sort) and selects rows, with select all', async () => {
    const { default: userEvent } = await import('@testing-library/user-event');
    const { vi } = await import('vitest');
    const user = userEvent.setup();
    const onSort = vi.fn();
    const onSelect = vi.fn();
    const sorted: DataColumn<Row>[] = [{ title: 'Name', sortKey: 'name', render: (r) => r.name }];
    renderWithApp(
      <DataTable
        label="Things"
        columns={sorted}
        rows={rows}
        rowKey={(r) => r.id}
        empty="None"
        sort={{ key: 'name', direction: 'asc', onChange: onSort }}
        selection={{
          selected: [2],
          onChange: onSelect,
          rowLabel: (r) => `Select ${r.name}`,
          allLabel: 'Select all things',
        }}
      />,
    );
    const table = screen.getByRole('table', { name: 'Things' });
    expect(within(table).getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(table).getByRole('button', { name: 'Name' }));
    expect(onSort).toHaveBeenCalledWith('name', 'desc');
    expect(within(table).getByRole('checkbox', { name: 'Select Two' })).toBeChecked();
    expect(within(table).getByRole('checkbox', { name: 'Select all things' })).toHaveAttribute(
      'data-indeterminate',
      'true',
    );
    await user.click(within(table).getByRole('checkbox', { name: 'Select all things' }));
    expect(onSelect).toHaveBeenCalledWith([2, 1]);
  });
});
