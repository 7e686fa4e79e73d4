import { AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { api, errorText, session, setRuntimeConfig } from '@consig/shared';
import { testToken } from '@consig/shared/testing';
import { ApiFailure, getData } from './query';

/** Answers every request of `api` with `status` and `body`, recording the request. */
function answer(status: number, body: unknown) {
  const seen: InternalAxiosRequestConfig[] = [];
  api.defaults.adapter = async (config) => {
    seen.push(config);
    const response = { data: body, status, statusText: String(status), headers: {}, config };
    if (status >= 400) throw new AxiosError('Request failed', String(status), config, null, response);
    return response;
  };
  return seen;
}

beforeEach(() => setRuntimeConfig({ apiUrl: 'http://api.test', wsUrl: 'ws://api.test/ws' }));
afterEach(() => session.signOut());

test('requests go to the configured API with the bearer token', async () => {
  const token = testToken();
  session.signIn(token);
  const seen = answer(200, { success: true, text: '', data: [1, 2] });
  await expect(getData('/atendente/lead')).resolves.toEqual([1, 2]);
  expect(seen[0].baseURL).toBe('http://api.test');
  expect((seen[0].headers as AxiosHeaders).get('Authorization')).toBe(`Bearer ${token}`);
});

test('a success:false answer becomes an error carrying the server text (also with the "sucess" spelling)', async () => {
  answer(200, { sucess: false, text: 'Usuário não tem ramal.', data: null });
  await expect(getData('/atendente/ramal')).rejects.toEqual(new ApiFailure('Usuário não tem ramal.'));
});

test('a 401 on an authenticated call ends the session', async () => {
  session.signIn(testToken());
  answer(401, { success: false, text: 'Sessão expirada ou inválida. Entre novamente.' });
  const error = await getData('/atendente').catch((e: unknown) => e);
  expect(errorText(error)).toBe('Sessão expirada ou inválida. Entre novamente.');
  expect(session.get().token).toBeNull();
});

test('errorText prefers the server text, then message, then the error itself', () => {
  const config = { headers: new AxiosHeaders() } as InternalAxiosRequestConfig;
  const withBody = (data: unknown) => new AxiosError('Network Error', 'ERR', config, null, { data, status: 400, statusText: '', headers: {}, config });
  expect(errorText(withBody({ text: 'Dados inválidos.' }))).toBe('Dados inválidos.');
  expect(errorText(withBody({ message: 'Status alterado.' }))).toBe('Status alterado.');
  expect(errorText(new AxiosError('Network Error'))).toBe('Network Error');
});
