import { api } from '@consig/shared';
import { attachmentName, saveFile } from '@consig/shared';

/** GET /importacao/{id}/rejeitadas: the refused or sanitised-away lines with their reasons, as CSV. */
export async function downloadRejected(id: number) {
  const response = await api.get<Blob>(`/importacao/${id}/rejeitadas`, { responseType: 'blob' });
  saveFile(response.data, attachmentName(response.headers?.['content-disposition'], `importacao-${id}-rejeitadas.csv`));
}
