import { ALERT_TICKET_ANSWERED, bus, FOLLOWUP_TEXT, type RealtimeAlert } from '@consig/shared';
import { proposalKeys, ticketKeys } from '@consig/shared/query';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'react-hot-toast';

/**
 * One subscription to the realtime alerts however many rows listen (each row's ticket buttons do): a
 * refresh per row would send the same reads once per row. Counted per QueryClient, which is one per page
 * (tests make one per render).
 */
const listeners = new Map<QueryClient, number>();
let unsubscribe: (() => void) | null = null;

function onAlert(alert: RealtimeAlert) {
  if (alert.TP_Alerta !== ALERT_TICKET_ANSWERED) return;
  // The host already shows every alert's DE_Observacao as a warning toast (a second one here would repeat
  // it); only an alert without a text needs one of ours.
  if (!alert.DE_Observacao.trim()) toast.success(FOLLOWUP_TEXT.ticketAnswered);
  for (const client of listeners.keys()) {
    void client.invalidateQueries({ queryKey: ticketKeys.all });
    void client.invalidateQueries({ queryKey: proposalKeys.list() });
  }
}

/**
 * Alert 1091 (the attendant's ticket was answered; the host publishes every alert of the realtime socket on
 * the bus as 'realtime.alert@1'): the tickets and the proposal lists are read again, so the popup shows the
 * answer and the row 'Status Resolvido'.
 */
export function useTicketAnsweredAlerts() {
  const client = useQueryClient();
  useEffect(() => {
    listeners.set(client, (listeners.get(client) ?? 0) + 1);
    unsubscribe ??= bus.subscribe('realtime.alert@1', onAlert);
    return () => {
      const left = (listeners.get(client) ?? 1) - 1;
      if (left > 0) listeners.set(client, left);
      else listeners.delete(client);
      if (listeners.size === 0) {
        unsubscribe?.();
        unsubscribe = null;
      }
    };
  }, [client]);
}
