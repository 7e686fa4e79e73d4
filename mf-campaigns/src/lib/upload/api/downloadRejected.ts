import { saveFile } from '@consig/shared';
import { apiDownload } from '@consig/shared/query';

/** GET /importacao/{id}/rejeitadas: the refused or sanitised-away lines with their reasons, as CSV. */
export async function downloadRejected(id: number) {
  const { blob, fileName } = await apiDownload(`/importacao/${id}/rejeitadas`);
  saveFile(blob, fileName ?? `importacao-${id}-rejeitadas.csv`);
}
