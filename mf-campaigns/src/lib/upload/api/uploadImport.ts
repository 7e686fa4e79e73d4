import { api, answerStatus, errorText, importacaoUploadResponse, type ImportacaoUploadRequest } from '@consig/shared';
import { answerText, ApiFailure, UNEXPECTED_ANSWER_TEXT, type Sent } from '@consig/shared/query';

/**
 * POST /importacao/upload: the file as a data URL; the API answers at once with the import's id.
 *
 * Sent with the API client (axios) directly rather than `apiSend`, whose request takes no options: the
 * upload bar needs axios' `onUploadProgress` (a 60 MB file takes a while). It reads the answer as
 * `apiSend` does: a refusal (HTTP error or `success: false`) becomes an ApiFailure with the server's text.
 */
export async function uploadImport(
  body: ImportacaoUploadRequest,
  onProgress: (fraction: number) => void,
): Promise<Sent<{ ID_Importacao: number }>> {
  let answer: unknown;
  try {
    const response = await api.post('/importacao/upload', body, {
      onUploadProgress: (event) => {
        if (event.total) onProgress(event.loaded / event.total);
      },
    });
    answer = response.data;
  } catch (error) {
    const status = answerStatus(error);
    if (status === undefined) throw error;
    throw new ApiFailure(answerText((error as { response?: { data?: unknown } }).response?.data) || errorText(error), status);
  }
  const parsed = importacaoUploadResponse.safeParse(answer);
  if (!parsed.success) {
    if ((answer as { success?: unknown } | null)?.success === false) throw new ApiFailure(answerText(answer) || 'Falha na operação.', 200);
    throw new Error(UNEXPECTED_ANSWER_TEXT);
  }
  return { text: parsed.data.text, data: parsed.data.data };
}
