import { errorText, formatMinutesSeconds, formatSaoPauloDateTime, TableHead, type Call } from '@consig/shared';
import { QueryLoading } from '@consig/shared/query';
import { useId, useState } from 'react';
import { useCallRecording, useDownloadCallRecording } from './api/getCallRecording';
import { useClientCalls } from './api/getClientCalls';
import { RecordingPlayer } from './RecordingPlayer';
import { useRefreshAfterCalls } from './useRefreshAfterCalls';
import './calls.css';

const COLUMNS = ['Data', 'Direção', 'Atendente', 'Duração', 'Resultado', 'Gravação'];

const DIRECTION: Record<Call['TP_Direcao'], string> = { entrada: 'Recebida', saida: 'Realizada', interna: 'Interna' };

/** What the recording column says when there is nothing to play ('nao_gravada' and no recording state: nothing). */
const RECORDING_STATE: Partial<Record<NonNullable<Call['TP_Gravacao']>, string>> = {
  pendente: 'Gravação em processamento',
  falhou: 'Gravação indisponível',
  expirada: 'Gravação indisponível',
};

interface Playing {
  callId: number;
  label: string;
  recording: Blob;
}

/**
 * 'Ligações': the client's calls, newest first (GET /crm/cliente/{id}/ligacoes), with date and time in
 * São Paulo, direction, attendant, talk time (mm:ss), result and recording: 'Ouvir' plays it here, 'Baixar'
 * saves it (both fetched with the session's token). Read again a moment after each call ends, and every few
 * seconds while a recording is still being made.
 */
export function CallsPanel({ clientId }: { clientId: number }) {
  const calls = useClientCalls(clientId);
  useRefreshAfterCalls();
  const listen = useCallRecording();
  const download = useDownloadCallRecording();
  const [playing, setPlaying] = useState<Playing | null>(null);
  const titleId = useId();

  const play = (callId: number, label: string) => {
    if (playing?.callId === callId) return;
    listen.mutate(callId, { onSuccess: ({ data: recording }) => setPlaying({ callId, label, recording }) });
  };

  return (
    <section className="consig-panel att-calls" aria-labelledby={titleId}>
      <h2 id={titleId}>Ligações</h2>
      {calls.isPending ? (
        <QueryLoading slow={calls.isSlow} />
      ) : calls.isError ? (
        <div role="alert">
          <p className="consig-empty">Não foi possível carregar as ligações. {errorText(calls.error)}</p>
          <button type="button" className="consig-button" onClick={() => calls.refetch()}>
            Tentar novamente
          </button>
        </div>
      ) : calls.data.length === 0 ? (
        <p className="consig-empty">Nenhuma ligação registrada.</p>
      ) : (
        <table className="consig-table att-calls__table" aria-labelledby={titleId}>
          <TableHead columns={COLUMNS} />
          <tbody>
            {calls.data.map((call) => {
              const when = formatSaoPauloDateTime(call.DT_Inicio);
              const listening = listen.isPending && listen.variables === call.ID_Ligacao;
              const downloading = download.isPending && download.variables === call.ID_Ligacao;
              return (
                <tr key={call.ID_Ligacao}>
                  <td>
                    <time dateTime={call.DT_Inicio}>{when}</time>
                  </td>
                  <td>{DIRECTION[call.TP_Direcao]}</td>
                  <td>{call.NM_Atendente ?? '---'}</td>
                  <td>{formatMinutesSeconds(call.NU_SegundosConversa)}</td>
                  <td>{call.DE_Resultado}</td>
                  <td>
                    {call.TP_Gravacao === 'gravada' ? (
                      <span className="att-calls__recording">
                        <button
                          type="button"
                          className="att-icon-button"
                          aria-label={`Ouvir gravação de ${when}`}
                          disabled={listening}
                          onClick={() => play(call.ID_Ligacao, `Gravação de ${when}`)}
                        >
                          {listening ? 'Carregando...' : 'Ouvir'}
                        </button>
                        <button
                          type="button"
                          className="att-icon-button"
                          aria-label={`Baixar gravação de ${when}`}
                          disabled={downloading}
                          onClick={() => download.mutate(call.ID_Ligacao)}
                        >
                          Baixar
                        </button>
                      </span>
                    ) : (
                      call.TP_Gravacao && RECORDING_STATE[call.TP_Gravacao]
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {playing && (
        <RecordingPlayer key={playing.callId} recording={playing.recording} label={playing.label} onClose={() => setPlaying(null)} />
      )}
    </section>
  );
}
