import { MESSAGES, type ErrorBody } from '@portal/shared';
import { ApiError, apiUrl } from '../../lib/api-client';
import { clearAuth, getToken } from '../../lib/session';

/**
 * Downloads need the bearer token, which a plain link cannot send: the file is fetched with the
 * header and handed to the browser through an object URL.
 */

/** '/jobdocuments/bulk' + [1, 2] -> '/api/jobdocuments/bulk?ids[]=1&ids[]=2' (the spec's shape). */
export function bulkDownloadUrl(path: string, ids: readonly number[]): string {
  return `${apiUrl(path)}?${ids.map((id) => `ids[]=${encodeURIComponent(id)}`).join('&')}`;
}

/** The file name of a Content-Disposition header: the UTF-8 form first, then the plain one. */
export function filenameOf(header: string | null): string | null {
  if (!header) return null;
  const utf8 = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (utf8?.[1]) {
    try {
      return decodeURIComponent(utf8[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name || null;
}

function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The click has started the download; give the browser a moment before the URL goes.
  window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** Fetches a file with the token and saves it under the server's name (or the fallback). */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  const token = getToken();
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(url, { headers, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, { message: MESSAGES.serverError });
  }
  if (!response.ok) {
    let body: Partial<ErrorBody> = {};
    try {
      body = (await response.json()) as Partial<ErrorBody>;
    } catch {
      body = {};
    }
    if (response.status === 401) clearAuth();
    throw new ApiError(response.status, body);
  }
  const blob = await response.blob();
  saveBlob(blob, filenameOf(response.headers.get('content-disposition')) ?? fallbackName);
}
