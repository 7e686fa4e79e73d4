import { TOAST_MS, useSession, type Cliente, type Operacao } from '@consig/shared';
import { operationKeys, proposalKeys, simulationKeys } from '@consig/shared/query';
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { registerProposal } from '../api/registerProposal';
import { validateClientForm } from '../client-form/validateClientForm';
import { sendSimulation } from '../api/sendSimulation';
import { useAttendance, useAttendanceStore } from '../state/AttendanceContext';
import { BenefitBlock } from './BenefitBlock';
import { FgtsBalanceButton, showsFgtsBalance } from './FgtsBalanceButton';
import { HistoryBlock } from './HistoryBlock';
import { SummaryDialog } from './SummaryDialog';
import { selectedOperations, SELECT_OPERATION_TEXT, SIMULATION_COMPANY_ID, submissionOf, type SubmitKind } from './submission';
import { useDelayedSubmit } from './useDelayedSubmit';
import './submit.css';

/** The benefit block shows while the benefit type is 3 or lower (product-spec §2, §9). */
const BENEFIT_BLOCK_MAX_TYPE = 3;

/** What the open summary will send: frozen when it opened, so the request carries the figures it shows. */
interface OpenSummary {
  kind: SubmitKind;
  request: ReturnType<typeof submissionOf>;
  selected: Operacao[];
}

/**
 * What a confirmed summary makes stale: a proposal re-prices the operations and changes the simulations and
 * the proposal counts; a simulation adds to the simulations.
 */
function staleAfter({ kind, request }: OpenSummary) {
  const clientId = request.cliente.ClienteID;
  const simulations = simulationKeys.list({ clientId });
  return kind === 'proposal' ? [operationKeys.list({ clientId: String(clientId) }), simulations, proposalKeys.all] : [simulations];
}

/**
 * The submit part of the client service screen (product-spec §2, §4 "Modals and submit", §5, §8): the FGTS
 * balance button under the FGTS card, the benefit block, 'Histórico e Simulador' with 'Registrar proposta'
 * and 'Enviar simulação', and their summaries. A proposal refreshes the operations (re-priced by the server),
 * the simulations and the proposal counts; a simulation refreshes the simulations.
 */
export function SubmitSection() {
  const state = useAttendance();
  const store = useAttendanceStore();
  const { user } = useSession();
  const [summary, setSummary] = useState<OpenSummary | null>(null);
  const { pending, submit } = useDelayedSubmit({
    mutationFn: ({ kind, request }: OpenSummary) => (kind === 'proposal' ? registerProposal(request) : sendSimulation(request)),
    invalidates: staleAfter,
    // A success closes its summary (product-spec §8).
    onSuccess: () => setSummary(null),
  });
  const { client, operations } = state;
  if (!client) return null;
  const active = operations.find((operation) => operation.OperacaoID === state.operationSelected);

  const open = async (kind: SubmitKind) => {
    const selected = selectedOperations(operations);
    if (!selected.length) {
      toast.error(SELECT_OPERATION_TEXT, { duration: TOAST_MS.clientScreen });
      return;
    }
    // A proposal needs the full form, a simulation the simulator mode (product-spec §5). On errors the form
    // shows each under its field and focuses the first; no summary opens.
    const validated = await validateClientForm(kind === 'proposal' ? 'full' : 'simulator');
    if (!validated) return;
    // The form's output overrides what was loaded; fields the schema left undefined keep their loaded value.
    const edited = Object.fromEntries(Object.entries(validated).filter(([, value]) => value !== undefined)) as Partial<Cliente>;
    setSummary({ kind, request: submissionOf({ ...client, ...edited }, operations), selected });
  };

  /** The store holds the operations outside the query cache: after a proposal (their read now stale) it loads them again. */
  const reloadOperations = async () => {
    const previous = store.getState().operationSelected;
    await store.loadOperations(String(client.ClienteID));
    // Reloading selects the first operation; the attendant stays on the card they were on.
    if (previous !== null) store.dispatch({ type: 'operationSelected', operationId: previous });
  };

  const confirm = async () => {
    if (!summary) return;
    const sent = await submit(summary);
    if (sent && summary.kind === 'proposal') await reloadOperations();
  };

  return (
    <>
      {active && showsFgtsBalance(client, active) && <FgtsBalanceButton client={client} operation={active} />}
      {state.benefitType <= BENEFIT_BLOCK_MAX_TYPE && <BenefitBlock client={client} />}
      <HistoryBlock
        clientId={client.ClienteID}
        operations={operations}
        actions={
          <>
            <button type="button" className="consig-button" onClick={() => void open('proposal')}>
              Registrar proposta
            </button>
            {user?.ID_Empresa === SIMULATION_COMPANY_ID && (
              <button type="button" className="consig-button" onClick={() => void open('simulation')}>
                Enviar simulação
              </button>
            )}
          </>
        }
      />
      {summary && (
        <SummaryDialog kind={summary.kind} operations={summary.selected} pending={pending} onConfirm={() => void confirm()} onClose={() => setSummary(null)} />
      )}
    </>
  );
}
