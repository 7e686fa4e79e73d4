import { CLIENT_FORM_TEXT, operationForm, SIMULATION_COMPANY, TOAST_MS, useSession, type Client, type Operation } from '@consig/shared';
import { myDayKeys, proposalKeys, simulationKeys } from '@consig/shared/query';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { registerProposal } from '../api/registerProposal';
import { sendSimulation } from '../api/sendSimulation';
import type { ClientFormControls } from '../client-form/useClientForm';
import { useAttendanceStore } from '../state/AttendanceContext';
import type { AttendanceStore } from '../state/attendanceStore';
import { staleOperations } from '../state/operations';
import { BenefitBlock } from './BenefitBlock';
import { FgtsBalanceButton, showsFgtsBalance } from './FgtsBalanceButton';
import { HistoryBlock } from './HistoryBlock';
import { PrivatePayrollBlock } from './PrivatePayrollBlock';
import { readableServerError } from './serverFieldErrors';
import { SummaryDialog } from './SummaryDialog';
import { selectedOperations, submissionOf, type SubmitKind } from './submission';
import { useDelayedSubmit } from './useDelayedSubmit';
import './submit.css';

/** The benefit block shows while the benefit type is 3 or lower (product-spec §2, §9). */
const BENEFIT_BLOCK_MAX_TYPE = 3;

/** What the open summary will send: frozen when it opened, so the request carries the figures it shows. */
interface OpenSummary {
  kind: SubmitKind;
  /** Whom the sale is for, as the form holds them now (the summary names them). */
  client: Client;
  request: ReturnType<typeof submissionOf>;
  /** Every operation, in the order of the request's `contratar` (a 400 names one by its index). */
  operations: readonly Operation[];
  selected: Operation[];
}

/** Credit type of private payroll credit (CCP), whose rules in force the screen shows (Lei 15.179/2025). */
const CCP = 5;

/**
 * The first field of the shown operation card that says what is wrong takes the focus, once the card has
 * validated itself (it does on mount while selected, asynchronously).
 */
function focusInvalidCardField(attemptsLeft = 20) {
  const field = document.querySelector<HTMLElement>('.att-operation__account [aria-invalid="true"]');
  if (field) field.focus();
  else if (attemptsLeft > 0) setTimeout(() => focusInvalidCardField(attemptsLeft - 1), 50);
}

/**
 * What a confirmed summary makes stale: a proposal re-prices the operations (and gives them their proposal in
 * progress) and changes the simulations and the proposal counts; a simulation adds to the simulations. The
 * operations live in the query cache only, so naming their read is all it takes for the cards to show the new ones.
 */
function staleAfter(store: AttendanceStore, { kind, request }: OpenSummary) {
  const simulations = simulationKeys.list({ clientId: request.cliente.ClienteID });
  return kind === 'proposal' ? [...staleOperations(store.getState().clientId), simulations, proposalKeys.all] : [simulations];
}

interface Props {
  /** The client as the form holds it. */
  client: Client;
  /** The client's operations as the screen shows them, and the card shown. */
  operations: Operation[];
  selected: Operation | undefined;
  /** product-spec §3: the selected operation's credit type. */
  benefitType: number;
  /** The client form: a submit validates it first, and a 400 naming one of its fields shows under that field. */
  clientForm: ClientFormControls;
}

/**
 * The submit part of the client service screen (product-spec §2, §4 "Modals and submit", §5, §8): the FGTS
 * balance button under the FGTS card, the benefit block, 'Histórico e Simulador' with 'Registrar proposta'
 * and 'Enviar simulação', and their summaries. A proposal refreshes the operations (re-priced by the server),
 * the simulations, the proposal counts and 'Meu dia'; a simulation refreshes the simulations.
 */
export function SubmitSection({ client, operations, selected: active, benefitType, clientForm }: Props) {
  const store = useAttendanceStore();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const [summary, setSummary] = useState<OpenSummary | null>(null);
  const { pending, submit } = useDelayedSubmit({
    // A 400 naming a field reads as its label and text (and shows under a client field), never the wire path.
    mutationFn: ({ kind, request, operations: sent }: OpenSummary) =>
      (kind === 'proposal' ? registerProposal(request) : sendSimulation(request)).catch((error: unknown) => {
        throw readableServerError(error, { operations: sent, showClientFieldError: clientForm.showFieldError });
      }),
    invalidates: (summary) => staleAfter(store, summary),
    // A success closes its summary (product-spec §8). A proposal adds to 'Meu dia', read again without being
    // waited for: the strip must never hold the submit up.
    onSuccess: (_sent, { kind }) => {
      setSummary(null);
      if (kind === 'proposal') void queryClient.invalidateQueries({ queryKey: myDayKeys.all });
    },
  });

  const open = async (kind: SubmitKind) => {
    const selected = selectedOperations(operations);
    if (!selected.length) {
      toast.error(CLIENT_FORM_TEXT.selectOperation, { duration: TOAST_MS.clientScreen });
      return;
    }
    // A proposal needs the full form, a simulation the simulator mode (product-spec §5). On errors the form
    // shows each under its field and focuses the first; no summary opens.
    const forClient = await clientForm.validate(kind === 'proposal' ? 'full' : 'simulator');
    if (!forClient) return;
    const request = submissionOf(forClient, operations);
    // A selected operation's bank fields follow the same rule (product-spec §5 "Operation bank fields"): its card
    // is shown with the messages under its fields, the first wrong one focused, and no summary opens.
    const wrong = request.contratar.findIndex((entry) => !operationForm.safeParse(entry).success);
    if (wrong >= 0) {
      store.dispatch({ type: 'operationSelected', operationId: operations[wrong].OperacaoID });
      focusInvalidCardField();
      return;
    }
    setSummary({ kind, client: forClient, request, operations, selected });
  };

  const confirm = () => {
    if (summary) void submit(summary);
  };

  return (
    <>
      {active && showsFgtsBalance(client, active) && <FgtsBalanceButton client={client} operation={active} />}
      {benefitType <= BENEFIT_BLOCK_MAX_TYPE && <BenefitBlock client={client} />}
      {benefitType === CCP && active && <PrivatePayrollBlock operation={active} operations={operations} />}
      <HistoryBlock
        clientId={client.ClienteID}
        operations={operations}
        actions={
          <>
            <button type="button" className="consig-button" onClick={() => void open('proposal')}>
              Registrar proposta
            </button>
            {user?.ID_Empresa === SIMULATION_COMPANY && (
              <button type="button" className="consig-button" onClick={() => void open('simulation')}>
                Enviar simulação
              </button>
            )}
          </>
        }
      />
      {summary && (
        <SummaryDialog
          kind={summary.kind}
          client={summary.client}
          operations={summary.selected}
          pending={pending}
          onConfirm={confirm}
          onClose={() => setSummary(null)}
        />
      )}
    </>
  );
}
