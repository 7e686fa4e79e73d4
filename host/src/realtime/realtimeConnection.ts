import { ALERT_OPERATION_UPDATE, bus, realtimeAlert, session, WS_CLOSE_UNAUTHORIZED } from '@consig/shared';
import { toast } from 'react-hot-toast';
import { warningToast } from './warningToast';

/** A clean, intentional close (logout, token loss). */
const NORMAL_CLOSURE = 1000;
/** The browser's code for a connection lost without a close frame. */
const ABNORMAL_CLOSURE = 1006;

export interface RealtimeConnection {
  /** Closes cleanly (code 1000) and silences the socket's handlers; safe to call twice. */
  close(): void;
}

/**
 * Opens the realtime alert channel (product-spec §4 "Realtime channel", §7 "Realtime", §8): the token
 * goes as the first message, each alert is shown and published on the bus, and a connection that
 * breaks is reported. Reconnection is not done here.
 */
export function connectRealtime(url: string, token: string): RealtimeConnection {
  const socket = new WebSocket(url);
  let closedByUs = false;
  let errored = false;

  socket.onopen = () => {
    socket.send(token);
    toast.success('Conexão estabelecida.');
  };
  socket.onmessage = (event: MessageEvent) => handleRealtimeMessage(event.data);
  // A browser always follows an error with a close, which carries the code: report it there, once.
  socket.onerror = () => {
    errored = true;
  };
  socket.onclose = (event: CloseEvent) => {
    if (closedByUs) return;
    if (event.code === WS_CLOSE_UNAUTHORIZED) {
      // The server refused the token or it expired: the session is over, as with a 401 from the API.
      if (event.reason) toast.error(event.reason);
      session.signOut();
      return;
    }
    if (!event.wasClean) {
      const text = `Ws: Erro de conexão. Code: ${event.code}. reason=${event.reason}`;
      if (event.code === ABNORMAL_CLOSURE) warningToast(text);
      else toast.error(text);
    } else if (errored) {
      toast.error('Ws ERR');
    }
  };

  return {
    close() {
      if (closedByUs) return;
      closedByUs = true;
      socket.close(NORMAL_CLOSURE, 'logout');
    },
  };
}

/** One pushed message: shown as a warning, published as an alert, and alert 1087 as an operation update. */
function handleRealtimeMessage(data: unknown) {
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
