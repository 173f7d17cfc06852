import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render';
import { FolderBrowser, type FolderKey, type FolderNode } from './folder-browser';

interface Doc {
  id: number;
  name: string;
}

const folders: FolderNode[] = [
  {
    id: 1,
    name: 'Minutes',
    children: [
      { id: 11, name: '2025' },
      { id: 12, name: '2026' },
    ],
  },
  { id: 2, name: 'Agendas' },
];
const docsOf: Record<string, Doc[]> = {
  '1/12': [
    { id: 5, name: 'March.pdf' },
    { id: 6, name: 'April.pdf' },
  ],
  '2/': [{ id: 7, name: 'Agenda.pdf' }],
};

function Browser({ onOpenDocument }: { onOpenDocument: (doc: Doc) => void }) {
  const [open, setOpen] = useState<[FolderKey | null, FolderKey | null]>([null, null]);
  const [selected, setSelected] = useState<FolderKey[]>([]);
  return (
    <>
      <FolderBrowser<Doc>
        label="Meeting documents"
        folders={folders}
        rootId={open[0]}
        subId={open[1]}
        onOpen={(root, sub) => setOpen([root, sub])}
        documents={docsOf[`${String(open[0])}/${open[1] ?? ''}`] ?? []}
        documentKey={(d) => d.id}
        documentName={(d) => d.name}
        onOpenDocument={onOpenDocument}
        selected={selected}
        onSelectedChange={setSelected}
      />
      <output>{selected.join(',')}</output>
    </>
  );
}

const column = (name: string) => screen.getByRole('region', { name });

describe('FolderBrowser', () => {
  it('opens a root folder, then a sub folder, and lists its documents', async () => {
    const user = userEvent.setup();
    const onOpenDocument = vi.fn();
    renderWithApp(<Browser onOpenDocument={onOpenDocument} />);
    expect(within(column('Documents')).getByText('Choose a folder.')).toBeInTheDocument();

    await user.click(within(column('Folders')).getByRole('button', { name: 'Minutes' }));
    expect(within(column('Documents')).getByText('Choose a sub folder.')).toBeInTheDocument();
    await user.click(within(column('Sub folders')).getByRole('button', { name: '2026' }));
    expect(within(column('Sub folders')).getByRole('button', { name: '2026' })).toHaveAttribute('aria-current', 'true');
    await user.click(within(column('Documents')).getByRole('button', { name: 'March.pdf' }));
    expect(onOpenDocument).toHaveBeenCalledWith({ id: 5, name: 'March.pdf' });
  });

  it('selects all documents of the open folder, and each one', async () => {
    const user = userEvent.setup();
    renderWithApp(<Browser onOpenDocument={() => undefined} />);
    await user.click(within(column('Folders')).getByRole('button', { name: 'Minutes' }));
    await user.click(within(column('Sub folders')).getByRole('button', { name: '2026' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(screen.getByRole('status')).toHaveTextContent('5,6');
    await user.click(screen.getByRole('checkbox', { name: 'Select April.pdf' }));
    expect(screen.getByRole('status')).toHaveTextContent('5');
    expect(screen.getByRole('checkbox', { name: 'Select all' })).toHaveAttribute('data-indeterminate', 'true');
  });

  it('opens a root folder without sub folders straight to its documents', async () => {
    const user = userEvent.setup();
    renderWithApp(<Browser onOpenDocument={() => undefined} />);
    await user.click(within(column('Folders')).getByRole('button', { name: 'Agendas' }));
    expect(within(column('Sub folders')).getByText('No sub folders.')).toBeInTheDocument();
    expect(within(column('Documents')).getByRole('button', { name: 'Agenda.pdf' })).toBeInTheDocument();
  });
});
