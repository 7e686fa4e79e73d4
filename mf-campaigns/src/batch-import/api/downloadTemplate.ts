import { saveFile } from '@consig/shared';
import { apiDownload } from '@consig/shared/query';

/** GET /importacao/modelo.csv: behind the bearer token, so fetched with the API client and saved as a file. */
export async function downloadTemplate() {
  const { blob, fileName } = await apiDownload('/importacao/modelo.csv');
  saveFile(blob, fileName ?? 'modelo-importacao.csv');
}
