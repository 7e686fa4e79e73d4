import type { Campaign } from '@consig/shared';
import { QueryLoading, useApiQuery } from '@consig/shared/query';
import { Dialog } from '@consig/shared';
import { getCampaignQueueQueryOptions } from './api/getCampaignQueue';
import { getCampaignSummaryQueryOptions } from './api/getCampaignSummary';

const count = (value: number) => value.toLocaleString('pt-BR');

/** Instants (ISO with offset) shown in America/Sao_Paulo, the product's calendar zone (docs/rules.md). */
const dateTime = (value: string | null) =>
  value
    ? new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Sao_Paulo' }).format(new Date(value))
    : '—';

/** 'Ver dados da campanha': GET …/resumo plus the queue's progress (GET …/fila). */
export function CampaignDataDialog({ campaign, onClose }: { campaign: Campaign; onClose: () => void }) {
  const summary = useApiQuery(getCampaignSummaryQueryOptions(campaign.CampanhaID));
  const queue = useApiQuery(getCampaignQueueQueryOptions(campaign.CampanhaID));

  return (
    <Dialog title="Dados da campanha" onClose={onClose}>
      {summary.isPending ? (
        <QueryLoading slow={summary.isSlow} />
      ) : summary.data ? (
        <dl className="cmp-figures" aria-label="Resumo da campanha">
          <dt>Código</dt>
          <dd>{summary.data.CO_Campanha}</dd>
          <dt>Nome</dt>
          <dd>{summary.data.DE_Campanha}</dd>
          <dt>Importados</dt>
          <dd>{count(summary.data.NU_Importados)}</dd>
          <dt>Higienizados</dt>
          <dd>{count(summary.data.NU_Higienizados)}</dd>
          <dt>Solicitação</dt>
          <dd>{dateTime(summary.data.TS_Solicitacao)}</dd>
          <dt>Baixa</dt>
          <dd>{dateTime(summary.data.TS_Baixa)}</dd>
        </dl>
      ) : null}
      <h3>Andamento da fila</h3>
      {queue.isPending ? (
        <QueryLoading slow={queue.isSlow} />
      ) : queue.isSuccess && queue.data === null ? (
        <p className="consig-empty">A campanha ainda não tem fila.</p>
      ) : queue.data ? (
        <dl className="cmp-figures" aria-label="Andamento da fila">
          <dt>Total</dt>
          <dd>{count(queue.data.NU_Total)}</dd>
          <dt>Pendentes</dt>
          <dd>{count(queue.data.NU_Pendentes)}</dd>
          <dt>Em atendimento</dt>
          <dd>{count(queue.data.NU_EmAtendimento)}</dd>
          <dt>Concluídos</dt>
          <dd>{count(queue.data.NU_Concluidos)}</dd>
          <dt>Retornos</dt>
          <dd>{count(queue.data.NU_Retornos)}</dd>
          <dt>Novas tentativas</dt>
          <dd>{count(queue.data.NU_NovasTentativas)}</dd>
          <dt>Não ligar</dt>
          <dd>{count(queue.data.NU_NaoLigar)}</dd>
        </dl>
      ) : null}
    </Dialog>
  );
}
