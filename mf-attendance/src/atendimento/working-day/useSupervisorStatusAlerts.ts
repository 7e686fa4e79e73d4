import {
  ALERT_ATTENDANT_STATUS,
  ATTENDANT_STATUS,
  attendantStatusResponse,
  TOAST_MS,
  useBusEvent,
  type AttendantStatus,
} from '@consig/shared';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-hot-toast';
import { getAttendantStatusQueryOptions } from '../api/getAttendantStatus';
import { reasonLabel } from './PauseMenu';

/** The alert's DE_Dados: the very `data` GET /atendente/status answers with ({ ID_Status, ID_MotivoPausa }). */
const pushedStatus = attendantStatusResponse.shape.data;

/** What the attendant reads when the alert comes without a text of its own. */
function supervisorStatusText(status: AttendantStatus): string {
  return status.ID_Status === ATTENDANT_STATUS.PAUSED
    ? `Seu supervisor registrou uma pausa: ${reasonLabel(status.ID_MotivoPausa)}.`
    : 'Seu supervisor retomou seu atendimento.';
}

/**
 * Alert 1093 (a supervisor paused or resumed this attendant; the host publishes every alert of the realtime
 * socket on the bus as 'realtime.alert@1'): the status read takes the pushed status as its answer, so the Pause
 * menu, 'Iniciar Campanha' and the call outcomes follow at once. A read of the status still under way is
 * cancelled first, so its older answer cannot overwrite the push. The host already shows every alert's
 * DE_Observacao as a warning toast ('Seu supervisor registrou uma pausa: Almoço.'): a second one here would
 * repeat it, so only an alert without a text gets one of ours.
 */
export function useSupervisorStatusAlerts() {
  const client = useQueryClient();
  useBusEvent('realtime.alert@1', (alert) => {
    if (alert.TP_Alerta !== ALERT_ATTENDANT_STATUS) return;
    const pushed = pushedStatus.safeParse(alert.DE_Dados);
    if (!pushed.success) {
      console.warn('[atendimento] alerta 1093 sem status', alert.DE_Dados);
      return;
    }
    const status = pushed.data;
    const { queryKey } = getAttendantStatusQueryOptions();
    void client.cancelQueries({ queryKey }).then(() => client.setQueryData(queryKey, status));
    if (!alert.DE_Observacao.trim()) toast(supervisorStatusText(status), { duration: TOAST_MS.screens });
  });
}
