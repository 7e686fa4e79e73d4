import { formatBRL, type Client, type Operation } from '@consig/shared';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CallsPanel } from './calls/CallsPanel';
import { SettingsPopup } from './client-documents/SettingsPopup';
import { parseClientId } from './clientId';
import { ClientForm } from './client-form/ClientForm';
import { useClientForm } from './client-form/useClientForm';
import { CampaignBar } from './header/CampaignBar';
import { ClientHeaderCard } from './header/ClientHeaderCard';
import { NewClientDialog } from './header/NewClientDialog';
import { MyDayStrip } from './my-day/MyDayStrip';
import { CreditTypeTabs } from './operations/CreditTypeTabs';
import { OperationCard } from './operations/OperationCard';
import { SummaryBand } from './operations/SummaryBand';
import { PhonePanel } from './phones/PhonePanel';
import { AttendanceProvider, useAttendance, useAttendanceStore, useOperations } from './state/AttendanceContext';
import type { AttendanceState } from './state/attendanceStore';
import { benefitTypeOf } from './state/operations';
import { SubmitSection } from './submit/SubmitSection';
import { WorkingDayBar } from './working-day/WorkingDayBar';
import './atendimento.css';

/**
 * Opens the client of ?clientId= (digits only): the client and the company's attendants are loaded (the shared
 * attendance state of product-spec §3) and its operations read; without one the state is reset and nothing is
 * asked (§2, §5).
 */
function useClientFromUrl() {
  const [searchParams] = useSearchParams();
  const clientId = parseClientId(searchParams.get('clientId'));
  const store = useAttendanceStore();

  useEffect(() => store.open(clientId), [clientId, store]);
}

/** The URL's parameters that open 'Novo Cliente' (routeLinks.newClient: an answered call from a number that is no client's). */
const NEW_CLIENT_PARAMS = ['novoCliente', 'telefone'] as const;

/**
 * /atendimento?novoCliente=1&telefone={DDD + number}: 'Novo Cliente' open with the caller's number, for as long as
 * the URL says so (each answered call navigates there anew). Closing it without opening a client drops both
 * parameters from the URL, so a reload does not bring it back; opening a client leaves them behind anyway.
 */
function useNewClientFromUrl() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('novoCliente') === '1';
  const dismiss = () =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        NEW_CLIENT_PARAMS.forEach((name) => next.delete(name));
        return next;
      },
      { replace: true },
    );
  return { requested, phone: requested ? (searchParams.get('telefone') ?? '') : '', dismiss };
}

interface ClientServiceProps {
  client: Client;
  state: AttendanceState;
  operations: Operation[];
  selected: Operation | undefined;
}

/**
 * The screen of one loaded client (mount it keyed by ClienteID): it owns the client form and hands it down, so the
 * 'Cadastro' card and the submits validate and send the very form the attendant sees.
 */
function ClientService({ client, state, operations, selected }: ClientServiceProps) {
  const clientForm = useClientForm(client);
  const benefitType = benefitTypeOf(selected);
  return (
    <>
      <CreditTypeTabs operations={operations} selected={selected?.OperacaoID ?? null} />
      <SummaryBand operation={selected} />
      <div className="att-service__columns">
        <div className="att-service__main">
          <ClientHeaderCard client={client} editMode={state.editMode} showData={state.showData} clientForm={clientForm} />
          <ClientForm
            client={client}
            clientForm={clientForm}
            benefitType={benefitType}
            editMode={state.editMode}
            showData={state.showData}
          />
          {selected && <OperationCard key={selected.OperacaoID} operation={selected} clientId={client.ClienteID} />}
          <SubmitSection client={client} operations={operations} selected={selected} benefitType={benefitType} clientForm={clientForm} />
          <CallsPanel clientId={client.ClienteID} />
        </div>
        <PhonePanel clientId={client.ClienteID} showData={state.showData} />
      </div>
      <footer className="consig-panel att-service__footer">
        Total: <strong>{formatBRL(selected?.VL_Liquido)}</strong>
      </footer>
    </>
  );
}

function AttendanceScreen() {
  useClientFromUrl();
  const state = useAttendance();
  // The operations are read once, here, and handed down: the query cache is their only copy.
  const { operations, selected } = useOperations();
  const [newClientOpen, setNewClientOpen] = useState(false);
  const fromCall = useNewClientFromUrl();
  const { client } = state;

  return (
    <section className="att-service" aria-label="Atendimento">
      <div className="att-service__top">
        {/* The campaign whose queue holds this client (the client record's DE_Campanha), or dashes. */}
        <CampaignBar campaignName={client?.DE_Campanha ?? null} />
        {/* Beside the campaign, not above the form: the attendant's own day costs the screen no line. */}
        <MyDayStrip />
      </div>
      <div className="consig-panel att-service__actions">
        <WorkingDayBar clientId={client?.ClienteID ?? null} />
        <button type="button" className="consig-button" onClick={() => setNewClientOpen(true)}>
          Novo Cliente
        </button>
        {client && <SettingsPopup key={client.ClienteID} clientId={client.ClienteID} />}
      </div>
      {client && <ClientService key={client.ClienteID} client={client} state={state} operations={operations} selected={selected} />}
      {(newClientOpen || fromCall.requested) && (
        <NewClientDialog
          key={fromCall.phone /* another caller's number starts the dialog afresh */}
          phone={fromCall.phone}
          onClose={() => {
            setNewClientOpen(false);
            if (fromCall.requested) fromCall.dismiss();
          }}
          onOpened={() => setNewClientOpen(false)}
        />
      )}
    </section>
  );
}

/**
 * /atendimento, the client service screen (product-spec §2): campaign bar and 'Meu dia', 'Novo Cliente', credit-type
 * tabs, summary band, 'Cadastro' card, client form, the active type's operation card, proposal and simulation,
 * the client's calls, phones, the footer total, and the working day's actions ('Iniciar Campanha', Pause and
 * Call tabulation).
 */
export default function Atendimento() {
  return (
    <AttendanceProvider>
      <AttendanceScreen />
    </AttendanceProvider>
  );
}
