import { toast } from 'react-hot-toast';
import type { SocketEnd } from './realtimeConnection';
import { warningToast } from './warningToast';

/** The browser's code for a connection lost without a close frame (the API stopped, the network dropped). */
const ABNORMAL_CLOSURE = 1006;

/** What the realtime channel tells the user about its connection (product-spec §4 "Realtime channel", §8). */
export const connectionNotices = {
  opened() {
    toast.success('Conexão estabelecida.');
  },

  /**
   * A socket ended without us closing it: a close that is not clean shows its code and reason, as a warning
   * for 1006 and as an error otherwise; an error with any other code than 1006 also shows 'Ws ERR'. A clean
   * close without an error (the API shutting down in order) shows nothing. Returns whether it showed anything.
   */
  dropped(end: SocketEnd): boolean {
    if (!end.wasClean) {
      const text = `Ws: Erro de conexão. Code: ${end.code}. reason=${end.reason}`;
      if (end.code === ABNORMAL_CLOSURE) warningToast(text);
      else toast.error(text);
    }
    const otherError = end.errored && end.code !== ABNORMAL_CLOSURE;
    if (otherError) toast.error('Ws ERR');
    return !end.wasClean || otherError;
  },

  /** The API holds as many sockets as it allows for this person or address (close 4429). */
  tooMany(reason: string) {
    const why = reason || 'Conexões demais abertas com o servidor. Feche outras abas do sistema.';
    toast.error(`${why} Nova tentativa automática em cerca de 1 minuto.`);
  },

  /** The API refused the token (close 4401): its reason says why the session ends. */
  refused(reason: string) {
    if (reason) toast.error(reason);
  },
};
