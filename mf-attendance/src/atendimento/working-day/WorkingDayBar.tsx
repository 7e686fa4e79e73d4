import { ATTENDANT_STATUS, useSession } from '@consig/shared';
import { useAttendantStatus } from '../api/getAttendantStatus';
import { useCallInProgress } from '../phones/useCallInProgress';
import { CallOutcomeMenu } from './CallOutcomeMenu';
import { PauseMenu } from './PauseMenu';
import { useCallEndedWith } from './useCallEndedWith';
import { useSupervisorStatusAlerts } from './useSupervisorStatusAlerts';
import { useStartCampaign } from './useWorkingDay';
import './workingDay.css';

/** Why 'Iniciar Campanha' is gone while the attendant is paused. */
export const PAUSED_HINT = 'Escolha "Livre" para voltar a receber clientes.';

/**
 * The working-day actions of the client service screen (product-spec §2, §4 "Attendant status"):
 * - 'Iniciar Campanha' when no client is loaded;
 * - the Pause menu, only while no call is in progress;
 * - the Call tabulation menu when a client is loaded and either a call with this client has ended or the user
 *   has telephony off (never before the client's first call, and hidden again with the next client).
 * While the attendant is paused the queue hands out nothing (docs/rules.md), so neither 'Iniciar Campanha'
 * nor the call outcomes are offered until 'Livre'; in the start button's place the bar says so. A status
 * set by a supervisor arrives as alert 1093 and is shown the same way (useSupervisorStatusAlerts).
 */
export function WorkingDayBar({ clientId }: { clientId: number | null }) {
  const { user } = useSession();
  const inCall = useCallInProgress();
  const callEnded = useCallEndedWith(clientId);
  const { data: status } = useAttendantStatus();
  const { start, busy } = useStartCampaign();
  // A supervisor's pause or resume (alert 1093) reaches the status read, so the bar follows it.
  useSupervisorStatusAlerts();
  const paused = status?.ID_Status === ATTENDANT_STATUS.PAUSED;
  const telephonyOff = user?.SN_Telefonia !== 1;

  return (
    <>
      {!clientId && !paused && (
        <button type="button" className="consig-button" disabled={busy} aria-busy={busy} onClick={() => void start()}>
          Iniciar Campanha
        </button>
      )}
      {!clientId && paused && <p className="att-working-day__hint">{PAUSED_HINT}</p>}
      {!inCall && <PauseMenu />}
      {clientId && !paused && (callEnded || telephonyOff) && <CallOutcomeMenu clientId={clientId} />}
    </>
  );
}
