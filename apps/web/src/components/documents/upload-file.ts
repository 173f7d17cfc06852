import { MESSAGES, type ErrorBody } from '@portal/shared';
import { ApiError, apiUrl, sessionEnded } from '../../lib/api-client';
import { getToken } from '../../lib/session';

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0-100 */
  percent: number;
}

export interface UploadRequest {
  /** '/jobdocuments' -> POST /api/jobdocuments */
  path: string;
  /** Text fields, sent before the file so the server can refuse early (no access, duplicate name). */
  fields: Record<string, string>;
  file: File;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

function parse(text: string): Partial<ErrorBody> & Record<string, unknown> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Partial<ErrorBody>) : {};
  } catch {
    return {};
  }
}

/**
 * A multipart upload through XMLHttpRequest, because fetch reports no upload progress. The bearer
 * token goes in the header as on every call; a 401 does what it does on every call (sessionEnded).
 * Rejects with ApiError (status 0 when the network failed) or an AbortError when the signal fires.
 */
export function uploadFile<T>({ path, fields, file, onProgress, signal }: UploadRequest): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(path));
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);

    xhr.upload.onprogress = (event) => {
      if (!onProgress) return;
      const total = event.lengthComputable ? event.total : file.size;
      onProgress({
        loaded: event.loaded,
        total,
        percent: total > 0 ? Math.min(100, Math.round((event.loaded / total) * 100)) : 0,
      });
    };
    xhr.onload = () => {
      const body = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(body as T);
        return;
      }
      if (xhr.status === 401) sessionEnded(Boolean(token));
      reject(new ApiError(xhr.status, body));
    };
    xhr.onerror = () => reject(new ApiError(0, { message: MESSAGES.serverError }));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });

    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/**
 * The text of a failed upload (spec/01 8: the message combined with the detail fields): the server's
 * message, then every field message that says something more.
 */
export function uploadErrorText(error: unknown): string {
  if (!(error instanceof ApiError))
    return error instanceof Error && error.message ? error.message : MESSAGES.serverError;
  const details = Object.values(error.errors)
    .flat()
    .filter((text) => text && text !== error.message);
  return [error.message, ...new Set(details)].join(' ');
}
