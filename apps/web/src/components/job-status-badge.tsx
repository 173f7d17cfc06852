import { Badge } from '@mantine/core';
import { isAccentedStatus, isJobStatus, JOB_STATUS_LABELS } from '@portal/shared';

/** A job's status as a badge (spec/01 2.6), accented for In Progress only (spec/01 section 4). */
export function JobStatusBadge({ status, label }: { status: number; label?: string }) {
  const text = label ?? (isJobStatus(status) ? JOB_STATUS_LABELS[status] : String(status));
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
