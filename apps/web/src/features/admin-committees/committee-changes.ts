import type { CommitteeCandidate, CommitteeFormValues, ManagedCommittee } from '@portal/shared';

/** What an edit changes, in words, for the confirmation (spec/02: title, admin, members added and removed). */
export function committeeChanges(
  before: ManagedCommittee,
  after: CommitteeFormValues,
  candidates: readonly CommitteeCandidate[],
): string[] {
  const nameOf = (id: number) => candidates.find((c) => c.id === id)?.name ?? `User ${id}`;
  const changes: string[] = [];
  const name = after.committee_name.trim();
  if (name !== before.name) changes.push(`Name: "${before.name}" to "${name}"`);
  const adminId = after.committee_admin_id ? Number(after.committee_admin_id) : null;
  if (adminId !== before.admin_id)
    changes.push(
      `Forum admin: ${before.admin_id === null ? 'none' : (before.admin_name ?? nameOf(before.admin_id))} to ${adminId === null ? 'none' : nameOf(adminId)}`,
    );
  const members = after.committee_members.map(Number);
  const added = members.filter((m) => !before.members.includes(m));
  const removed = before.members.filter((m) => !members.includes(m));
  if (added.length) changes.push(`Members added: ${added.map(nameOf).join(', ')}`);
  if (removed.length) changes.push(`Members removed: ${removed.map(nameOf).join(', ')}`);
  return changes;
}
