import { ROLE, useSession } from '@consig/shared';
import { useAttendantOptions } from './api/getAttendantOptions';
import { useBankOptions } from './api/getBankOptions';
import { useIndicatorOptions } from './api/getIndicatorOptions';
import { useProposals } from './api/getProposals';
import { useStatusSummary } from './api/getStatusSummary';
import { FilterPanel } from './filters/FilterPanel';
import { OptionFilter } from './filters/OptionFilter';
import { StatusFilter } from './filters/StatusFilter';
import { proposalFiltersOf, useFollowupFilters } from './filters/useFollowupFilters';
import { ProposalsPanel } from './proposals/ProposalsPanel';
import { PendingTicketsPanel } from './tickets/PendingTicketsPanel';
import './followup.css';

/** The follow-up screen (product-spec §2): filters on the left, the proposals on the right. */
export function FollowupScreen() {
  const { user } = useSession();
  const filters = useFollowupFilters();
  const apiFilters = proposalFiltersOf(filters);
  const statuses = useStatusSummary({ startDate: filters.startDate, endDate: filters.endDate });
  const proposals = useProposals(apiFilters);
  const banks = useBankOptions();
  const attendants = useAttendantOptions();
  const indicators = useIndicatorOptions();
  // Supervisors and managers answer the company's tickets.
  const answersTickets = user?.ID_Funcao === ROLE.SUPERVISOR || user?.ID_Funcao === ROLE.GERENTE;

  return (
    <div className="fu-screen">
      <FilterPanel total={proposals.data?.pages[0]?.NU_Total}>
        <StatusFilter filters={filters} statuses={statuses.data} loading={statuses.isPending} slow={statuses.isSlow} />
        <OptionFilter
          title="Clientes por Banco"
          value={filters.bankId}
          options={banks.data?.map((bank) => ({ id: bank.BancoID, label: bank.DE_Banco }))}
          onChange={(id) => filters.setId('bankId', id)}
        />
        <OptionFilter
          title="Clientes por Atendente"
          value={filters.attendantId}
          options={attendants.data?.map((attendant) => ({ id: attendant.AtendenteID, label: attendant.DE_Pessoa }))}
          onChange={(id) => filters.setId('attendantId', id)}
        />
        <OptionFilter
          title="Clientes por Indicador"
          value={filters.indicatorId}
          options={indicators.data?.map((indicator) => ({ id: indicator.IndicadorID, label: indicator.DE_Indicador }))}
          onChange={(id) => filters.setId('indicatorId', id)}
        />
      </FilterPanel>
      <div className="fu-main">
        <ProposalsPanel filters={apiFilters} proposals={proposals} />
        {answersTickets ? <PendingTicketsPanel /> : null}
      </div>
    </div>
  );
}
