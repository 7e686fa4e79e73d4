import { api, textResponse } from '@consig/shared';

/**
 * POST /lnk/sair: 'Sair' on the server too (docs/rules.md "Sign-in and sessions"), so a copy of the token is dead
 * at once. The token is passed in, not read by the client's interceptor: the browser forgets it in the same click.
 */
export async function endSession(token: string): Promise<void> {
  const { data } = await api.post('/lnk/sair', undefined, { headers: { Authorization: `Bearer ${token}` } });
  textResponse.parse(data);
}
