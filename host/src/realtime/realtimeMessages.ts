import { ALERT_OPERATION_UPDATE, bus, realtimeAlert, realtimeResync } from '@consig/shared';
import { queryClient } from '@consig/shared/query';
import { warningToast } from './warningToast';

/**
 * Alerts are prompts to refresh, sent once and never kept: when some may have been missed (this tab's socket
 * was down, or the API instance's own LISTEN connection was), every screen reloads its data instead. One
 * QueryClient serves host and remotes, so this reaches every screen; it refetches the active queries and
 * only marks the others stale.
 */
export function catchUpOnMissedAlerts() {
  void queryClient.invalidateQueries();
}

/**
 * One pushed message (product-spec §7 "Realtime", §8): DE_Observacao is shown as a warning, the alert is
 * published on the bus for the remotes, and alert 1087 also as an operation update. A resync message
 * (shared/src/contracts/realtime.ts) reloads the screens' data.
 */
export function handleRealtimeMessage(data: unknown) {
  const message = parseJson(data);
  if (realtimeResync.safeParse(message).success) {
    catchUpOnMissedAlerts();
    return;
  }
  const parsed = realtimeAlert.safeParse(message);
  if (!parsed.success) {
    console.warn('[realtime] mensagem ignorada (formato inesperado)', data);
    return;
  }
  const alert = parsed.data;
  if (alert.DE_Observacao.trim()) warningToast(alert.DE_Observacao);
  bus.publish('realtime.alert@1', alert);
  if (alert.TP_Alerta === ALERT_OPERATION_UPDATE) {
    const operation = asRecord(alert.DE_Dados);
    if (operation) bus.publish('attendance.operation-update@1', { operation });
    else console.warn('[realtime] alerta 1087 sem operação', alert.DE_Dados);
  }
}

function parseJson(data: unknown): unknown {
  if (typeof data !== 'string') return undefined;
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

/** DE_Dados carries the operation as an object, or as that object's JSON text. */
function asRecord(value: unknown): Record<string, unknown> | null {
  const candidate = typeof value === 'string' ? parseJson(value) : value;
  return candidate && typeof candidate === 'object' && !Array.isArray(candidate) ? (candidate as Record<string, unknown>) : null;
}
