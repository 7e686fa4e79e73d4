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
import './atendimento.css';

/** Loads the client of ?clientId= (digits only) and its operations; without one the state is reset (§2, §5). */
function useClientFromUrl() {
  const [searchParams] = useSearchParams();
  const clientId = parseClientId(searchParams.get('clientId'));
  const store = useAttendanceStore();

  useEffect(() => {
    store.dispatch({ type: 'reset' });
    if (!clientId) return;
    void store.loadClient(clientId);
    void store.loadOperations(clientId);
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
      <CampaignBar campaignName={state.campaignName} />
      <div className="consig-panel att-service__actions">
        {!client && (
          /* The campaign queue comes with the tabulation (a later issue). */
          <button type="button" className="consig-button" disabled title="Disponível em breve">
            Iniciar Campanha
          </button>
        )}
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
 * tabs, summary band, 'Cadastro' card, the active type's operation card, phones and the footer total.
 * The client form, proposal and simulation come in the next parts of issue 6.
 */
export default function Atendimento() {
  return (
    <AttendanceProvider>
      <AttendanceScreen />
    </AttendanceProvider>
  );
}
