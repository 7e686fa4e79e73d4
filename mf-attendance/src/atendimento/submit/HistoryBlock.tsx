import { formatBRL, type Operation, type SentSimulation, creditTypeLabel } from '@consig/shared';
import { QueryLoading } from '@consig/shared/query';
import type { ReactNode } from 'react';
import { useSimulations } from '../api/getSimulations';
import { saoPauloDateTime } from '../ui/figures';

const DELIVERY: Record<SentSimulation['TP_Envio'], string> = {
  pendente: 'E-mail sendo enviado',
  enviado: 'E-mail enviado',
  falhou: 'Falha no envio do e-mail',
  nao_configurado: 'E-mail não configurado',
  sem_email: 'Cliente sem e-mail',
};

type Figures = Pick<Operation, 'ID_TipoCredito' | 'DE_Banco' | 'NU_Parcelas' | 'VL_Parcela' | 'VL_Liquido'>;

/** 'INSS · Banco X · 84 × R$ 250,00 · líquido R$ 10.000,00'. */
const lineOf = (operation: Figures) =>
  [
    creditTypeLabel(operation.ID_TipoCredito),
    operation.DE_Banco ?? 'Banco não definido',
    `${operation.NU_Parcelas} × ${formatBRL(operation.VL_Parcela)}`,
    `líquido ${formatBRL(operation.VL_Liquido)}`,
  ].join(' · ');

function SentSimulations({ clientId }: { clientId: number }) {
  const simulations = useSimulations(clientId);
  if (simulations.isLoading) return <QueryLoading slow={simulations.isSlow} />;
  if (!simulations.data?.length) return <p>Nenhuma simulação enviada.</p>;
  return (
    <ul className="att-submit__list" aria-label="Simulações enviadas">
      {simulations.data.map((simulation) => (
        <li key={simulation.ID_Simulacao}>
          <strong>{saoPauloDateTime(simulation.TS_Envio)}</strong> · {simulation.DE_Atendente} · {DELIVERY[simulation.TP_Envio]}
          {simulation.EM_Destino ? ` (${simulation.EM_Destino})` : ''}
          <ul>
            {simulation.operacoes.map((operation) => (
              <li key={operation.OperacaoID}>{lineOf(operation)}</li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

/**
 * 'Histórico e Simulador' (product-spec §2): one entry per operation of the client, the simulations already
 * sent (GET /crm/simulacao/{ClienteID}) and the proposal action area (`actions`).
 */
export function HistoryBlock({
  clientId,
  operations,
  actions,
}: {
  clientId: number;
  operations: readonly Operation[];
  actions: ReactNode;
}) {
  return (
    <section className="consig-panel att-submit" aria-label="Histórico e Simulador">
      <h3>Histórico e Simulador</h3>
      <ul className="att-submit__list" aria-label="Operações">
        {operations.map((operation) => (
          <li key={operation.OperacaoID}>
            {lineOf(operation)} · <strong>{operation.SN_Selecionado === 1 ? 'Selecionada' : 'Não selecionada'}</strong>
          </li>
        ))}
      </ul>
      <h4>Simulações enviadas</h4>
      <SentSimulations clientId={clientId} />
      <div className="att-submit__actions">{actions}</div>
    </section>
  );
}
