import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { reportFileName, type UnusedAssessorReport } from '@portal/shared';
import { api, apiUrl, ApiError } from '../../lib/api-client';
import { getToken } from '../../lib/session';

/** The unused-assessor report (TA_ADMIN). */

const reportPath = (months: number, options: number[]) => `/admin/ta/unusedtasformonths/${months}/${options.join(',')}`;

/** GET /admin/ta/unusedtasformonths/{months}/{ids}, once the form has been run. */
export function useUnusedAssessors(run: { months: number; options: number[] } | null) {
  return useQuery({
    queryKey: ['unused-assessors', run?.months, run?.options.join(',')],
    queryFn: ({ signal }) => api.get<UnusedAssessorReport>(reportPath(run!.months, run!.options), { signal }),
    enabled: run !== null,
    placeholderData: keepPreviousData,
  });
}

/**
 * The export: the same call answering the same rows as CSV (?format=csv), saved under the spec's
 * name. Fetched with the bearer token, then handed to the browser as a file.
 */
export async function downloadReportCsv(months: number, options: number[]): Promise<void> {
  const token = getToken();
  const response = await fetch(apiUrl(reportPath(months, options), { format: 'csv' }), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new ApiError(response.status, await response.json().catch(() => ({})));
  const url = URL.createObjectURL(await response.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = reportFileName(months);
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
