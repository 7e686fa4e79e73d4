import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import {
  api,
  errorText,
  isNetworkFailure,
  NETWORK_FAILURE_TEXT,
  onPasswordChangeRequired,
  PASSWORD_CHANGE_REQUIRED_TEXT,
  session,
  setRuntimeConfig,
} from '@consig/shared';
import { fakeApi, networkError, signIn } from '@consig/shared/testing';

const PORTUGUESE = 'Não foi possível conectar ao servidor. Verifique sua conexão e tente novamente.';

let restore: (() => void) | undefined;
beforeEach(() => setRuntimeConfig({ apiUrl: 'http://api.test', wsUrl: 'ws://api.test/ws' }));
afterEach(() => {
  restore?.();
  restore = undefined;
});

/** The client's transport fails the way axios reports it (browser XHR, Node sockets, timeouts, cancels). */
function failWith(makeError: (config: InternalAxiosRequestConfig) => AxiosError) {
  const original = api.defaults.adapter;
  const adapter: AxiosAdapter = async (config) => {
    throw makeError(config);
  };
  api.defaults.adapter = adapter;
  restore = () => {
    api.defaults.adapter = original;
  };
}

async function failureOf(call: Promise<unknown>): Promise<unknown> {
  return call.then(
    () => {
      throw new Error('the call succeeded');
    },
    (error: unknown) => error,
  );
}

test.each([
  [
    'the browser\'s "Network Error" (API down, no network)',
    (config: InternalAxiosRequestConfig) => new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {}),
    'ERR_NETWORK',
  ],
  [
    'a refused connection',
    (config: InternalAxiosRequestConfig) => new AxiosError('connect ECONNREFUSED 127.0.0.1:3000', 'ECONNREFUSED', config, {}),
    'ECONNREFUSED',
  ],
  [
    'a timeout',
    (config: InternalAxiosRequestConfig) => new AxiosError('timeout of 10000ms exceeded', AxiosError.ECONNABORTED, config, {}),
    'ECONNABORTED',
  ],
  [
    'a timeout reported as ETIMEDOUT',
    (config: InternalAxiosRequestConfig) => new AxiosError('timeout exceeded', AxiosError.ETIMEDOUT, config, {}),
    'ETIMEDOUT',
  ],
])('%s reads in Portuguese, in its message and in errorText, and keeps its code', async (_what, makeError, code) => {
  failWith(makeError);
  const error = await failureOf(api.get('/atendente/lead'));
  expect(error).toBeInstanceOf(AxiosError);
  expect((error as AxiosError).message).toBe(PORTUGUESE);
  expect((error as AxiosError).code).toBe(code);
  expect(errorText(error)).toBe(PORTUGUESE);
  expect(isNetworkFailure(error)).toBe(true);
});

test('a network error made outside the client (a test double, another axios instance) also reads in Portuguese', () => {
  expect(errorText(networkError('/atendente/lead'))).toBe(PORTUGUESE);
  expect(NETWORK_FAILURE_TEXT).toBe(PORTUGUESE);
});

test('a call the page cancelled is not called a connection failure', async () => {
  failWith((config) => new AxiosError('canceled', AxiosError.ERR_CANCELED, config));
  const error = await failureOf(api.get('/atendente/lead'));
  expect((error as AxiosError).message).toBe('canceled');
  expect(errorText(error)).toBe('canceled');
});

test("an answer from the server keeps the server's own text", async () => {
  const server = fakeApi(() => ({ status: 500, body: { success: false, text: 'Erro interno do servidor. Tente novamente.' } }));
  restore = server.restore;
  const error = await failureOf(api.get('/atendente/lead'));
  expect(errorText(error)).toBe('Erro interno do servidor. Tente novamente.');
  expect(isNetworkFailure(error)).toBe(false);
});

test('a proxy answering for an API that is down (502, 503, 504 without our text) reads like no answer at all', async () => {
  for (const status of [502, 503, 504]) {
    const server = fakeApi(() => ({ status, body: '<html><body>Bad Gateway</body></html>' }));
    const error = await failureOf(api.get('/atendente/lead'));
    server.restore();
    expect(errorText(error)).toBe(PORTUGUESE);
  }
});

test("a 503 of the API's own (its readiness, its own text) keeps that text", async () => {
  const server = fakeApi(() => ({ status: 503, body: { success: false, text: 'Banco de dados indisponível.' } }));
  restore = server.restore;
  expect(errorText(await failureOf(api.get('/atendente/lead')))).toBe('Banco de dados indisponível.');
});

test('an error answer without a text of its own reads in Portuguese with its status, never in axios English', async () => {
  const server = fakeApi(() => ({ status: 500, body: '' }));
  const error = await failureOf(api.get('/atendente/lead'));
  server.restore();
  expect(errorText(error)).toBe('O servidor não conseguiu atender o pedido (erro 500). Tente novamente.');
});

describe('onPasswordChangeRequired', () => {
  afterEach(() => session.signOut());

  it("tells its listener the token a 403 'Troque sua senha temporária' refused, and nothing for another 403", async () => {
    signIn({ ID_Pessoa: 5 });
    const token = session.get().token!;
    const heard: string[] = [];
    const stop = onPasswordChangeRequired((refused) => heard.push(refused));
    const server = fakeApi((request) =>
      request.url === '/troca'
        ? { status: 403, body: { success: false, text: PASSWORD_CHANGE_REQUIRED_TEXT } }
        : { status: 403, body: { success: false, text: 'Você não tem permissão para esta ação.' } },
    );
    try {
      await failureOf(api.get('/outra'));
      expect(heard).toEqual([]);
      await failureOf(api.get('/troca'));
      expect(heard).toEqual([token]);
      // The session stays: the person is sent to the change screen, not signed out.
      expect(session.get().token).toBe(token);
      stop();
      await failureOf(api.get('/troca'));
      expect(heard).toEqual([token]);
    } finally {
      server.restore();
    }
  });
});
