import { Badge } from '@mantine/core';
import { isAccentedStatus, jobStatusLabel } from '@portal/shared';

/** A job's status as a badge (spec/01 2.6), accented for In Progress only (spec/01 section 4). */
export function JobStatusBadge({ status, label }: { status: number; label?: string }) {
  const text = label ?? jobStatusLabel(status);
  return isAccentedStatus(status) ? (
    <Badge variant="filled" color="brand" style={{ minWidth: 'max-content' }}>
      {text}
    </Badge>
  ) : (
    <Badge variant="light" color="gray" c="dark.6" style={{ minWidth: 'max-content' }}>
      {text}
    </Badge>
  );
}
