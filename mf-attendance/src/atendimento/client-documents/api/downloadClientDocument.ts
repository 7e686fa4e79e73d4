import { saveFile, TOAST_MS, type ClientDocument } from '@consig/shared';
import { apiDownload, useApiMutation } from '@consig/shared/query';
import { documentsPath } from './getClientDocuments';

/**
 * GET /crm/cliente/{id}/documentos/{DocumentoID}: the file, fetched with the session's token (a plain link could
 * not carry it) and saved under the name it was uploaded with.
 */
export async function downloadClientDocument(document: ClientDocument) {
  const { blob } = await apiDownload(`${documentsPath(document.ID_Cliente)}/${document.DocumentoID}`);
  saveFile(blob, document.NO_Arquivo);
}

/** 'Baixar': asked with a click, so a refusal is an error toast with the server's text, as the screen's writes. */
export const useDownloadClientDocument = () =>
  useApiMutation({
    mutationFn: async (document: ClientDocument) => {
      await downloadClientDocument(document);
      return { text: '', data: null };
    },
    toastDuration: TOAST_MS.clientScreen,
  });
