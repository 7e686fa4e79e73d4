import {
  ALERT_IMPORT_FINISHED,
  ALERT_IMPORT_PROGRESS,
  errorText,
  IMPORT_STATUS,
  importProgressAlertData,
  importProgressText,
  TOAST_MS,
  useBusEvent,
  type CampaignImport,
} from '@consig/shared';
import { campaignKeys, useApiQuery } from '@consig/shared/query';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from 'react-hot-toast';
import { downloadRejected } from './api/downloadRejected';
import { getImportQueryOptions } from './api/getImport';

const count = (value: number) => value.toLocaleString('pt-BR');

/**
 * An import after its upload: while it runs (0), the lines read of total ('Lidas X de Y linhas'), from the
 * job's /ws alert 1090 as soon as it arrives and from GET /importacao/{id}, asked every second, as the
 * fallback; then its counts and the rejected lines.
 */
export function ImportProgress({ importId }: { importId: number }) {
  const query = useApiQuery(getImportQueryOptions(importId));
  const [downloading, setDownloading] = useState(false);
  const current = query.data;
  const client = useQueryClient();
  const ended = current !== undefined && current.ID_Status !== IMPORT_STATUS.PROCESSANDO;
  const queryKey = getImportQueryOptions(importId).queryKey;

  useBusEvent('realtime.alert@1', (alert) => {
    if (alert.TP_Alerta === ALERT_IMPORT_FINISHED) void client.invalidateQueries({ queryKey });
    if (alert.TP_Alerta !== ALERT_IMPORT_PROGRESS) return;
    const progress = importProgressAlertData.safeParse(alert.DE_Dados);
    if (!progress.success || progress.data.ID_Importacao !== importId) return;
    // Only forward: a poll answered before the alert must not move the bar back.
    client.setQueryData<CampaignImport>(queryKey, (known) =>
      known && known.ID_Status === IMPORT_STATUS.PROCESSANDO && known.NU_Lidas < progress.data.NU_Lidas
        ? { ...known, NU_Lidas: progress.data.NU_Lidas }
        : known,
    );
  });

  // The list's 'Status processamento' column changes when the import ends.
  useEffect(() => {
    if (ended) void client.invalidateQueries({ queryKey: campaignKeys.list() });
  }, [ended, client]);

  if (!current) return <p role="status">Consultando a importação...</p>;

  if (current.ID_Status === IMPORT_STATUS.PROCESSANDO) {
    return (
      <div role="status">
        <p>{importProgressText(current.NU_Lidas, current.NU_Linhas)}</p>
        <progress
          className="cmp-progress"
          aria-label="Andamento da importação"
          max={Math.max(1, current.NU_Linhas)}
          value={current.NU_Lidas}
        />
      </div>
    );
  }

  const saveRejected = async () => {
    setDownloading(true);
    try {
      await downloadRejected(importId);
    } catch (error) {
      toast.error(errorText(error), { duration: TOAST_MS.screens });
    } finally {
      setDownloading(false);
    }
  };

  const failed = current.ID_Status === IMPORT_STATUS.ERRO;
  return (
    <div role="status">
      <p>{failed ? 'A importação falhou.' : 'Importação concluída.'}</p>
      {failed && current.DE_Motivo ? <p className="cmp-error">{current.DE_Motivo}</p> : null}
      <dl className="cmp-figures" aria-label="Resultado da importação">
        <dt>Linhas no arquivo</dt>
        <dd>{count(current.NU_Linhas)}</dd>
        <dt>Importados</dt>
        <dd>{count(current.NU_Importados)}</dd>
        <dt>Removidos na higienização</dt>
        <dd>{count(current.NU_Higienizados)}</dd>
        <dt>Linhas rejeitadas</dt>
        <dd>{count(current.NU_Rejeitados)}</dd>
      </dl>
      {/* The file lists the lines sanitising removed too, each with its reason: offered whenever either count has lines. */}
      {current.NU_Rejeitados + current.NU_Higienizados > 0 ? (
        <button type="button" className="consig-button" onClick={saveRejected} disabled={downloading}>
          Baixar linhas rejeitadas
        </button>
      ) : null}
    </div>
  );
}
