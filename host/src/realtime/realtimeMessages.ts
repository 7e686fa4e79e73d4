import { ALERT_OPERATION_UPDATE, bus, realtimeAlert } from '@consig/shared';
import { warningToast } from './warningToast';

/**
 * One pushed message (product-spec §7 "Realtime", §8): DE_Observacao is shown as a warning, the alert is
 * published on the bus for the remotes, and alert 1087 also as an operation update.
 */
export function handleRealtimeMessage(data: unknown) {
  const parsed = realtimeAlert.safeParse(parseJson(data));
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
