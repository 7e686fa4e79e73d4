import { saveFile, TOAST_MS } from '@consig/shared';
import { apiDownload, useApiMutation } from '@consig/shared/query';

/**
 * GET /cadastros/titulares/{CO_CPF}/exportacao: the JSON file, fetched with the session's token (a plain link could
 * not carry it) and saved under the name the API gives it (titular-NNNNNN-AAAA-MM-DD.json).
 */
export async function downloadDataSubjectExport(cpf: string) {
  const { blob, fileName } = await apiDownload(`/cadastros/titulares/${cpf}/exportacao`);
  saveFile(blob, fileName ?? `titular-${cpf.slice(3, 9)}.json`);
}

/** 'Baixar dados (JSON)': a refusal is an error toast with the server's text. */
export const useDownloadDataSubjectExport = () =>
  useApiMutation({
    mutationFn: async (cpf: string) => {
      await downloadDataSubjectExport(cpf);
      return { text: '', data: null };
    },
    toastDuration: TOAST_MS.screens,
  });
