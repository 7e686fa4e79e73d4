import { api } from '@consig/shared';
import { attachmentName, saveFile } from '@consig/shared';

/** GET /importacao/modelo.csv: behind the bearer token, so fetched with the API client and saved as a file. */
export async function downloadTemplate() {
  const response = await api.get<Blob>('/importacao/modelo.csv', { responseType: 'blob' });
  saveFile(response.data, attachmentName(response.headers?.['content-disposition'], 'modelo-importacao.csv'));
}
