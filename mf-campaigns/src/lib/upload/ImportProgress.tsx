import { errorText, IMPORT_STATUS, TOAST_MS } from '@consig/shared';
import { campaignKeys, useApiQuery } from '@consig/shared/query';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from 'react-hot-toast';
import { downloadRejected } from './api/downloadRejected';
import { getImportQueryOptions } from './api/getImport';

const count = (value: number) => value.toLocaleString('pt-BR');

/**
 * An import after its upload: asked every second while it runs (0), then its counts and the rejected
 * lines. GET /importacao/{id} gives the file's line count but not how many were read so far, so the bar
 * stays indeterminate while it runs.
 */
export function ImportProgress({ importId }: { importId: number }) {
  const query = useApiQuery(getImportQueryOptions(importId));
  const [downloading, setDownloading] = useState(false);
  const current = query.data;
  const client = useQueryClient();
  const ended = current !== undefined && current.ID_Status !== IMPORT_STATUS.PROCESSANDO;

  // The list's 'Status processamento' column changes when the import ends.
  useEffect(() => {
    if (ended) void client.invalidateQueries({ queryKey: campaignKeys.list() });
  }, [ended, client]);

  if (!current) return <p role="status">Consultando a importação...</p>;

  if (current.ID_Status === IMPORT_STATUS.PROCESSANDO) {
    return (
      <div role="status">
        <p>Importando {count(current.NU_Linhas)} linha(s) do arquivo...</p>
        <progress className="cmp-progress" aria-label="Andamento da importação" />
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
      {current.NU_Rejeitados > 0 ? (
        <button type="button" className="consig-button" onClick={saveRejected} disabled={downloading}>
          Baixar linhas rejeitadas
        </button>
      ) : null}
    </div>
  );
}
