import type { PublicationSaved } from '@portal/shared';
import { uploadFile, type UploadProgress } from '../../../components/documents/upload-file';

interface UploadOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/** POST /admin/publications (multipart: name, category_id, then the file), with upload progress. */
export function addPublication(fields: { name: string; category_id: string }, file: File, options: UploadOptions = {}): Promise<PublicationSaved> {
  return uploadFile<PublicationSaved>({ path: '/admin/publications', fields, file, ...options });
}

/** POST /admin/publications/{id} (multipart: the file): replaces the publication's file. */
export function replacePublication(id: number, file: File, options: UploadOptions = {}): Promise<PublicationSaved> {
  return uploadFile<PublicationSaved>({ path: `/admin/publications/${id}`, fields: {}, file, ...options });
}
