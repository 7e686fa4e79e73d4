import { saveFile, TOAST_MS } from '@consig/shared';
import { apiDownload, useApiMutation } from '@consig/shared/query';

const recordingPath = (callId: number) => `/telefonia/ligacoes/${callId}/gravacao`;

/**
 * GET /telefonia/ligacoes/{id}/gravacao: the call's recording (audio/wav), fetched with the session's token (an
 * <audio src> of the API could not carry it). Supervisors, managers and the call's attendant; anyone else, and
 * a recording not made (yet), gets the server's text.
 */
export const getCallRecording = (callId: number) => apiDownload(recordingPath(callId)).then(({ blob }) => blob);

/** The same with ?download=1, saved under the name the server gives it (ligacao-{id}-{aaaa-mm-dd}.wav). */
export async function downloadCallRecording(callId: number) {
  const { blob, fileName } = await apiDownload(recordingPath(callId), { search: { download: 1 } });
  saveFile(blob, fileName ?? `ligacao-${callId}.wav`);
}

// Reads the attendant asks for with a click, so they run as the screen's writes do: a refusal is an error toast
// with the server's text (5000 ms on the client screen), and nothing is cached (a recording may be large).

/** 'Ouvir': the recording's bytes, for the panel's player. */
export const useCallRecording = () =>
  useApiMutation({
    mutationFn: async (callId: number) => ({ text: '', data: await getCallRecording(callId) }),
    toastDuration: TOAST_MS.clientScreen,
  });

/** 'Baixar': the recording saved as a file. */
export const useDownloadCallRecording = () =>
  useApiMutation({
    mutationFn: async (callId: number) => {
      await downloadCallRecording(callId);
      return { text: '', data: null };
    },
    toastDuration: TOAST_MS.clientScreen,
  });
