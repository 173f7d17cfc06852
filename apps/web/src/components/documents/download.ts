import type { DownloadLinkResponse } from '@portal/shared';
import { api, apiUrl } from '../../lib/api-client';

/**
 * Downloads need the bearer token, which a link cannot send. The app asks the server for a
 * short-lived signed link to the file (POST /api/downloads) and follows it, so the browser streams
 * the file to disk itself: nothing is held in the page, whatever the size of a zip.
 */

/** '/jobdocuments/bulk' + [1, 2] -> '/api/jobdocuments/bulk?ids[]=1&ids[]=2' (the spec's shape). */
export function bulkDownloadUrl(path: string, ids: readonly number[]): string {
  return `${apiUrl(path)}?${ids.map((id) => `ids[]=${encodeURIComponent(id)}`).join('&')}`;
}

/** Follows a link as a download; the server's Content-Disposition names the file. */
function follow(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/** Gets a signed link for an /api download path (with its query) and lets the browser fetch it. */
export async function downloadFile(path: string): Promise<void> {
  const { url } = await api.post<DownloadLinkResponse>('/downloads', { path });
  follow(url);
}
