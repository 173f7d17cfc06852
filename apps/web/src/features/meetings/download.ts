import { apiUrl } from '../../lib/api-client';
import { notifyError } from '../../lib/notify';
import { bulkDownloadUrl, downloadFile } from '../../components/documents/download';

/** One document, through a download ticket (the browser streams it to disk). */
export async function downloadMeetingDocument(id: number): Promise<void> {
  try {
    await downloadFile(apiUrl(`/meetingdocuments/${id}`));
  } catch (error) {
    notifyError(error);
  }
}

/** The selected documents as one streamed zip. */
export async function downloadMeetingDocuments(ids: readonly number[]): Promise<void> {
  try {
    await downloadFile(bulkDownloadUrl('/meetingdocuments/bulk', ids));
  } catch (error) {
    notifyError(error);
  }
}
