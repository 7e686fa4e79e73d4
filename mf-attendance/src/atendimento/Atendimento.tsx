import { formatBRL } from '@consig/shared';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { parseClientId } from './clientId';
import { ClientForm } from './client-form/ClientForm';
import { CampaignBar } from './header/CampaignBar';
import { ClientHeaderCard } from './header/ClientHeaderCard';
import { NewClientDialog } from './header/NewClientDialog';
import { CreditTypeTabs } from './operations/CreditTypeTabs';
import { OperationCard } from './operations/OperationCard';
import { SummaryBand } from './operations/SummaryBand';
import { PhonePanel } from './phones/PhonePanel';
import { AttendanceProvider, useAttendance, useAttendanceStore } from './state/AttendanceContext';
import { SubmitSection } from './submit/SubmitSection';
import { WorkingDayBar } from './working-day/WorkingDayBar';
import './atendimento.css';

/**
 * Loads the client of ?clientId= (digits only), its operations and the company's attendants (the shared
 * attendance state of product-spec §3); without one the state is reset and nothing is asked (§2, §5).
 */
function useClientFromUrl() {
  const [searchParams] = useSearchParams();
  const clientId = parseClientId(searchParams.get('clientId'));
  const store = useAttendanceStore();

  useEffect(() => {
    store.dispatch({ type: 'reset' });
    if (!clientId) return;
    void store.loadClient(clientId);
    void store.loadOperations(clientId);
    void store.loadAttendants();
  }, [clientId, store]);
}

function AttendanceScreen() {
  useClientFromUrl();
  const state = useAttendance();
  const [newClientOpen, setNewClientOpen] = useState(false);
  const { client, operations, operationSelected } = state;
  const active = operations.find((operation) => operation.OperacaoID === operationSelected);

  return (
    <section className="att-service" aria-label="Atendimento">
      {/* The campaign whose queue holds this client (the client record's DE_Campanha), or dashes. */}
      <CampaignBar campaignName={client?.DE_Campanha ?? state.campaignName} />
      <div className="consig-panel att-service__actions">
        <WorkingDayBar clientId={client?.ClienteID ?? null} />
        <button type="button" className="consig-button" onClick={() => setNewClientOpen(true)}>
          Novo Cliente
        </button>
      </div>
      {client && (
        <>
          <CreditTypeTabs operations={operations} selected={operationSelected} />
          <SummaryBand operation={active} />
          <div className="att-service__columns">
            <div className="att-service__main">
              <ClientHeaderCard client={client} editMode={state.editMode} showData={state.showData} />
              <ClientForm key={client.ClienteID} client={client} benefitType={state.benefitType} editMode={state.editMode} showData={state.showData} />
              {active && <OperationCard key={active.OperacaoID} operation={active} clientId={client.ClienteID} />}
              <SubmitSection />
            </div>
            <PhonePanel clientId={client.ClienteID} showData={state.showData} />
          </div>
          <footer className="consig-panel att-service__footer">
            Total: <strong>{formatBRL(active?.VL_Liquido)}</strong>
          </footer>
        </>
      )}
      {newClientOpen && <NewClientDialog onClose={() => setNewClientOpen(false)} />}
    </section>
  );
}

/**
 * /atendimento, the client service screen (product-spec §2): campaign bar, 'Novo Cliente', credit-type
 * tabs, summary band, 'Cadastro' card, client form, the active type's operation card, proposal and simulation,
 * phones, the footer total, and the working day's actions ('Iniciar Campanha', Pause and Call tabulation).
 */
export default function Atendimento() {
  return (
    <AttendanceProvider>
      <AttendanceScreen />
    </AttendanceProvider>
  );
}
