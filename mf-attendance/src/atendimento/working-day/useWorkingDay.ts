import { errorText, TOAST_MS, type CallOutcomeRequest } from '@consig/shared';
import { attendantStatusKeys, myDayKeys, useApiMutation } from '@consig/shared/query';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { toast } from 'react-hot-toast';
import { useNavigate } from 'react-router-dom';
import { getNextClient } from '../api/getNextClient';
import { setAttendantStatus } from '../api/setAttendantStatus';
import { tabulateCall } from '../api/tabulateCall';

/** These actions toast for 3000 ms (product-spec §9: attendance actions), not the client screen's 5000 ms. */
const toastOptions = { duration: TOAST_MS.screens };

/** Opens the queue's next client, or clears the screen with the server's text when there is none. */
function useOpenNextClient() {
  const navigate = useNavigate();
  return async () => {
    try {
      const client = await getNextClient();
      navigate(`/atendimento?clientId=${client.ClienteID}`);
    } catch (error) {
      toast.error(errorText(error), toastOptions);
      navigate('/atendimento');
    }
  };
}

/**
 * 'Iniciar Campanha' (product-spec §2/§4): asks the queue for the next client and opens it. A busy flag
 * ignores clicks while the request runs.
 */
export function useStartCampaign() {
  const openNext = useOpenNextClient();
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const start = async () => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await openNext();
    } finally {
      running.current = false;
      setBusy(false);
    }
  };
  return { start, busy };
}

/** The pause menu: a pause reason, or 81 'Livre'; the status read is refreshed from the answer. */
export function usePause() {
  return useApiMutation({
    mutationFn: setAttendantStatus,
    invalidates: [attendantStatusKeys.all],
    toastDuration: TOAST_MS.screens,
  });
}

/**
 * The call tabulation menu (product-spec §4 "Attendant status"): sends the outcome; on success sets the
 * attendant available (81), fetches the next client and opens it; no client left shows the server's text
 * and clears the screen. 'Meu dia' is read again once the outcome is recorded.
 */
export function useCallOutcome() {
  const client = useQueryClient();
  const openNext = useOpenNextClient();
  const mutation = useApiMutation({
    mutationFn: async (request: CallOutcomeRequest) => {
      const sent = await tabulateCall(request);
      // 'Meu dia' counts the call now; not awaited, so the menu never waits on it.
      void client.invalidateQueries({ queryKey: myDayKeys.all });
      // Part of the same action: until the next client is open the menu stays busy.
      await setAttendantStatus(81);
      await client.invalidateQueries({ queryKey: attendantStatusKeys.all });
      await openNext();
      return sent;
    },
    toastDuration: TOAST_MS.screens,
  });
  return mutation;
}
