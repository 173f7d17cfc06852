import { describe, expect, it } from 'vitest';
import { committeeChanges } from './committee-changes';

const candidates = [
  { id: 1, name: 'Ada One', email: 'a@x.test' },
  { id: 2, name: 'Ben Two', email: 'b@x.test' },
  { id: 3, name: 'Cy Three', email: 'c@x.test' },
];
const before = { id: 9, name: 'Chemical', admin_id: 1, admin_name: 'Ada One', members: [1, 2] };

describe('committeeChanges', () => {
  it('is empty when nothing changed (the edit stays disabled)', () => {
    expect(
      committeeChanges(
        before,
        { committee_name: 'Chemical ', committee_members: ['2', '1'], committee_admin_id: '1' },
        candidates,
      ),
    ).toEqual([]);
  });

  it('lists the name, the admin, and the members added and removed', () => {
    expect(
      committeeChanges(
        before,
        { committee_name: 'Chem', committee_members: ['2', '3'], committee_admin_id: '3' },
        candidates,
      ),
    ).toEqual([
      'Name: "Chemical" to "Chem"',
      'Forum admin: Ada One to Cy Three',
      'Members added: Cy Three',
      'Members removed: Ada One',
    ]);
  });
});
