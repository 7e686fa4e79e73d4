import { ATTENDANT_STATUS, useSession } from '@consig/shared';
import { useAttendantStatus } from '../api/getAttendantStatus';
import { useCallEnded, useCallInProgress } from '../phones/useCallInProgress';
import { CallOutcomeMenu } from './CallOutcomeMenu';
import { PauseMenu } from './PauseMenu';
import { useStartCampaign } from './useWorkingDay';
import './workingDay.css';


/**
 * The working-day actions of the client service screen (product-spec §2, §4 "Attendant status"):
 * - 'Iniciar Campanha' when no client is loaded;
 * - the Pause menu, only while no call is in progress;
 * - the Call tabulation menu when a client is loaded and either the call has ended or the user has
 *   telephony off.
 * While the attendant is paused the queue hands out nothing (docs/rules.md), so neither 'Iniciar Campanha'
 * nor the call outcomes are offered until 'Livre'.
 */
export function WorkingDayBar({ clientId }: { clientId: number | null }) {
  const { user } = useSession();
  const inCall = useCallInProgress();
  const callEnded = useCallEnded();
  const { data: status } = useAttendantStatus();
  const { start, busy } = useStartCampaign();
  const paused = status?.ID_Status === ATTENDANT_STATUS.PAUSED;
  const telephonyOff = user?.SN_Telefonia !== 1;

  return (
    <>
      {!clientId && !paused && (
        <button type="button" className="consig-button" disabled={busy} aria-busy={busy} onClick={() => void start()}>
          Iniciar Campanha
        </button>
      )}
      {!inCall && <PauseMenu />}
      {clientId && !paused && (callEnded || telephonyOff) && <CallOutcomeMenu clientId={clientId} />}
    </>
  );
}
