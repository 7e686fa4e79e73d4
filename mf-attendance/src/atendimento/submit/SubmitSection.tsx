import { useSession, type Cliente, type Operacao } from '@consig/shared';
import { operationKeys, proposalKeys, simulationKeys } from '@consig/shared/query';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { registerProposal } from '../api/registerProposal';
import { validateClientForm } from '../client-form/validateClientForm';
import { sendSimulation } from '../api/sendSimulation';
import { useAttendance, useAttendanceStore } from '../state/AttendanceContext';
import { screenToast } from '../ui/screenToast';
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
 * The submit part of the client service screen (product-spec §2, §4 "Modals and submit", §5, §8): the FGTS
 * balance button under the FGTS card, the benefit block, 'Histórico e Simulador' with 'Registrar proposta'
 * and 'Enviar simulação', and their summaries. A proposal refreshes the operations (re-priced by the server),
 * the simulations and the proposal counts; a simulation refreshes the simulations.
 */
export function SubmitSection() {
  const state = useAttendance();
  const store = useAttendanceStore();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const [summary, setSummary] = useState<OpenSummary | null>(null);
  const { pending, submit } = useDelayedSubmit();
  const { client, operations } = state;
  if (!client) return null;
  const active = operations.find((operation) => operation.OperacaoID === state.operationSelected);

  const open = async (kind: SubmitKind) => {
    const selected = selectedOperations(operations);
    if (!selected.length) {
      screenToast.error(new Error(SELECT_OPERATION_TEXT));
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

  const refreshAfterProposal = async () => {
    const previous = store.getState().operationSelected;
    await Promise.all(
      [operationKeys.list({ clientId: String(client.ClienteID) }), simulationKeys.list({ clientId: client.ClienteID }), proposalKeys.all].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
    await store.loadOperations(String(client.ClienteID));
    // Reloading selects the first operation; the attendant stays on the card they were on.
    if (previous !== null) store.dispatch({ type: 'operationSelected', operationId: previous });
  };

  const confirm = () => {
    if (!summary) return;
    const { kind, request } = summary;
    void submit(
      () => (kind === 'proposal' ? registerProposal(request) : sendSimulation(request)),
      async () => {
        setSummary(null);
        if (kind === 'proposal') await refreshAfterProposal();
        else await queryClient.invalidateQueries({ queryKey: simulationKeys.list({ clientId: client.ClienteID }) });
      },
    );
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
        <SummaryDialog kind={summary.kind} operations={summary.selected} pending={pending} onConfirm={confirm} onClose={() => setSummary(null)} />
      )}
    </>
  );
}
