import { api, errorText, ramalResponse, session, useSession, type Ramal } from '@consig/shared';
import { useEffect } from 'react';
import { toast } from 'react-hot-toast';

/** GET /atendente/ramal (spelt `sucess`); null when the user has no extension. */
export async function fetchRamal(): Promise<Ramal | null> {
  const { data } = await api.get('/atendente/ramal');
  const parsed = ramalResponse.safeParse(data);
  if (!parsed.success) console.warn('[telephony] unexpected /atendente/ramal answer', parsed.error);
  return parsed.success && parsed.data.sucess ? parsed.data.data : null;
}

/**
 * Keeps the signed-in user's extension in the session, for users with telephony on (SN_Telefonia 1).
 * No extension is not an error here: dialing says 'Usuário não tem ramal.'.
 */
export function useRamal() {
  const { user } = useSession();
  const personId = user?.ID_Pessoa;
  const telephonyOn = user?.SN_Telefonia === 1;

  useEffect(() => {
    if (!telephonyOn) return;
    let current = true; // a sign-out or a new user while the request runs must not store a stale extension
    fetchRamal().then(
      (ramal) => current && session.setRamal(ramal),
      (error) => current && toast.error(errorText(error)),
    );
    return () => {
      current = false;
    };
  }, [personId, telephonyOn]);
}
