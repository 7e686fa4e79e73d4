import { api, errorText } from '@consig/shared/core';
import { textResponse, type PasswordChangeRequest } from '@consig/shared/contracts';
import { useState } from 'react';

/**
 * PUT /lnk/senha: the signed-in person replaces their password (the temporary one of a first sign-in). Refusals (a
 * wrong current password, a new one the rule refuses, too many attempts) come back as the server's text.
 */
export async function changePassword(body: PasswordChangeRequest): Promise<string> {
  const { data } = await api.put('/lnk/senha', body);
  return textResponse.parse(data).text;
}

/** The change as the screen sends it: one at a time, its answer or the server's refusal as text. */
export function useChangePassword() {
  const [sending, setSending] = useState(false);
  const send = async (body: PasswordChangeRequest): Promise<{ ok: boolean; text: string }> => {
    setSending(true);
    try {
      return { ok: true, text: await changePassword(body) };
    } catch (error) {
      return { ok: false, text: errorText(error) };
    } finally {
      setSending(false);
    }
  };
  return { send, sending };
}
