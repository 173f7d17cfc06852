import { bulkDownloadUrl, downloadFile } from '../../../components/documents/download';
import { apiUrl } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';

/** GET /publications/{id}/file through a download ticket: the browser streams it to disk. */
export async function downloadPublication(id: number): Promise<void> {
  try {
    await downloadFile(apiUrl(`/publications/${id}/file`));
  } catch (error) {
    notifyError(error);
  }
}

/** The selected publications as one streamed zip (the spec's publications/bulk, ids[]). */
export async function downloadPublications(ids: readonly number[]): Promise<void> {
  try {
    await downloadFile(bulkDownloadUrl('/publications/bulk', ids));
  } catch (error) {
    notifyError(error);
  }
}
