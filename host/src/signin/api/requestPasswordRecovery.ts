import { api, errorText } from '@consig/shared/core';
import { textResponse, type PasswordRecoveryRequest } from '@consig/shared/contracts';
import { useState } from 'react';

/**
 * POST /lnk/senha/esqueci ('Esqueceu sua senha?'): the server answers the same text whether or not the e-mail is
 * registered, and that text is what the page shows.
 */
export async function requestPasswordRecovery(body: PasswordRecoveryRequest): Promise<string> {
  const { data } = await api.post('/lnk/senha/esqueci', body);
  return textResponse.parse(data).text;
}

/** The request as the page sends it: one at a time, its answer or the server's refusal (429, validation) as text. */
export function useRequestPasswordRecovery() {
  const [sending, setSending] = useState(false);
  const send = async (body: PasswordRecoveryRequest): Promise<{ ok: boolean; text: string }> => {
    setSending(true);
    try {
      return { ok: true, text: await requestPasswordRecovery(body) };
    } catch (error) {
      return { ok: false, text: errorText(error) };
    } finally {
      setSending(false);
    }
  };
  return { send, sending };
}
