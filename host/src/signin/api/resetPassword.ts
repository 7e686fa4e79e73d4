import { api, errorText } from '@consig/shared/core';
import { textResponse, type PasswordResetRequest } from '@consig/shared/contracts';
import { useState } from 'react';

/**
 * POST /lnk/senha/redefinir: the recovery link's token and the new password. Refusals (a used, expired or unknown
 * link; a password the rule refuses) come back as the server's text.
 */
export async function resetPassword(body: PasswordResetRequest): Promise<string> {
  const { data } = await api.post('/lnk/senha/redefinir', body);
  return textResponse.parse(data).text;
}

/** The reset as the page sends it: one at a time, its answer or the server's refusal as text. */
export function useResetPassword() {
  const [sending, setSending] = useState(false);
  const send = async (body: PasswordResetRequest): Promise<{ ok: boolean; text: string }> => {
    setSending(true);
    try {
      return { ok: true, text: await resetPassword(body) };
    } catch (error) {
      return { ok: false, text: errorText(error) };
    } finally {
      setSending(false);
    }
  };
  return { send, sending };
}
