import { envelope, errorText, leadsResponse, extensionCredentialsResponse, session, setRuntimeConfig } from '@consig/shared';
import { fakeApi, testToken } from '@consig/shared/testing';
import * as z from 'zod/mini';
import { isTransient } from './queryClient';
import { ApiFailure, apiDownload, apiGet, apiSend, defineGet, UNEXPECTED_ANSWER_TEXT, UnexpectedAnswer } from './request';

const lead = { ID_Cliente: 11, DE_Pessoa: 'Maria Souza', DE_Tipo: 'INSS', DE_Status: 'Novo', DE_Atendente: 'Ana', DE_Indicacao: null };
let server: ReturnType<typeof fakeApi>;

beforeEach(() => setRuntimeConfig({ apiUrl: 'http://api.test', wsUrl: 'ws://api.test/ws' }));
afterEach(() => {
  server?.restore();
  session.signOut();
  jest.restoreAllMocks();
});

/** The error a call failed with. */
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

describe('apiGet', () => {
  test('calls the configured API with the bearer token and returns the parsed data', async () => {
    const token = testToken();
    session.signIn(token);
    const seen: { baseURL?: string; authorization?: unknown }[] = [];
    server = fakeApi((request) => {
      seen.push({ baseURL: request.baseURL, authorization: request.headers.get('Authorization') });
      return { body: { success: true, text: '1 lead(s).', data: [lead] } };
    });
    await expect(apiGet('/atendente/lead', leadsResponse)).resolves.toEqual([lead]);
    expect(seen).toEqual([{ baseURL: 'http://api.test', authorization: `Bearer ${token}` }]);
  });

  test('puts the filters in the query string and leaves out the empty ones', async () => {
    server = fakeApi(() => ({ body: { success: true, text: '', data: [] } }));
    await apiGet('/crm/proposta/status', envelope(z.array(z.unknown())), {
      search: { DT_Inicio: '20260301', DT_Fim: '', ID_Banco: undefined },
    });
    expect(server.requests).toEqual(['GET /crm/proposta/status?DT_Inicio=20260301']);
  });

  test('a success:false answer is an ApiFailure with the server text', async () => {
    server = fakeApi(() => ({ body: { success: false, text: 'Sem permissão.' } }));
    const error = await failureOf(apiGet('/atendente/lead', leadsResponse));
    expect(error).toBeInstanceOf(ApiFailure);
    expect((error as ApiFailure).message).toBe('Sem permissão.');
  });

  test('also with the spec spelling "sucess"', async () => {
    server = fakeApi(() => ({ body: { sucess: false, text: 'Usuário não tem ramal.', data: null } }));
    const error = await failureOf(apiGet('/atendente/ramal', extensionCredentialsResponse));
    expect(error).toBeInstanceOf(ApiFailure);
    expect((error as ApiFailure).message).toBe('Usuário não tem ramal.');
  });

  test('an HTTP error answer is an ApiFailure with its text and status', async () => {
    server = fakeApi(() => ({ status: 403, body: { success: false, text: 'Acesso restrito a supervisores.' } }));
    const error = await failureOf(apiGet('/cadastro/campanhas', leadsResponse));
    expect(error).toBeInstanceOf(ApiFailure);
    expect(error).toMatchObject({ message: 'Acesso restrito a supervisores.', status: 403 });
  });

  test('a 401 ends the session and reads as the server text', async () => {
    session.signIn(testToken());
    server = fakeApi(() => ({ status: 401, body: { success: false, text: 'Sessão expirada ou inválida. Entre novamente.' } }));
    const error = await failureOf(apiGet('/atendente/lead', leadsResponse));
    expect(errorText(error)).toBe('Sessão expirada ou inválida. Entre novamente.');
    expect(session.get().token).toBeNull();
  });

  test('an answer outside the contract is an UnexpectedAnswer in Portuguese, with the details on the console', async () => {
    const console = jest.spyOn(globalThis.console, 'error').mockImplementation(() => undefined);
    server = fakeApi(() => ({ body: { success: true, text: '', data: [{ ...lead, ID_Cliente: '11' }] } }));
    const error = await failureOf(apiGet('/atendente/lead', leadsResponse));
    expect(error).toBeInstanceOf(UnexpectedAnswer);
    expect(errorText(error)).toBe(UNEXPECTED_ANSWER_TEXT);
    expect(console).toHaveBeenCalledWith(expect.stringContaining('GET /atendente/lead'), expect.anything(), expect.anything());
  });

  test('a failure without an answer is left as it is, for the retry rules', async () => {
    server = fakeApi(() => 'network-error');
    const error = await failureOf(apiGet('/atendente/lead', leadsResponse));
    expect(error).not.toBeInstanceOf(ApiFailure);
    expect(errorText(error)).toBe('Não foi possível conectar ao servidor. Verifique sua conexão e tente novamente.');
  });

  test('a signal that aborts cancels the request: no answer is parsed, and it is no failure to show or retry', async () => {
    let answer: (response: { body: unknown }) => void = () => undefined;
    server = fakeApi(() => new Promise((resolve) => (answer = resolve)));
    const controller = new AbortController();
    const read = failureOf(apiGet('/atendente/lead', leadsResponse, { signal: controller.signal }));
    controller.abort();
    answer({ body: { success: true, text: '', data: [lead] } });
    const error = await read;
    expect(error).toMatchObject({ code: 'ERR_CANCELED' });
    expect(error).not.toBeInstanceOf(ApiFailure);
    expect(isTransient(error)).toBe(false);
  });
});

describe('apiDownload', () => {
  const wav = new Blob(['RIFF'], { type: 'audio/wav' });

  test('asks for a blob with the bearer token and returns it with the name of its Content-Disposition', async () => {
    const token = testToken();
    session.signIn(token);
    const seen: { responseType?: string; authorization?: unknown }[] = [];
    server = fakeApi((request) => {
      seen.push({ responseType: request.responseType, authorization: request.headers.get('Authorization') });
      return { body: wav, headers: { 'content-disposition': 'attachment; filename="ligacao-9-2026-03-15.wav"' } };
    });
    await expect(apiDownload('/telefonia/ligacoes/9/gravacao', { search: { download: 1 } })).resolves.toEqual({
      blob: wav,
      fileName: 'ligacao-9-2026-03-15.wav',
    });
    expect(server.requests).toEqual(['GET /telefonia/ligacoes/9/gravacao?download=1']);
    expect(seen).toEqual([{ responseType: 'blob', authorization: `Bearer ${token}` }]);
  });

  test('without a Content-Disposition the name is null', async () => {
    server = fakeApi(() => ({ body: wav }));
    await expect(apiDownload('/importacao/modelo.csv')).resolves.toEqual({ blob: wav, fileName: null });
  });

  test("a refusal, whose JSON arrives as a Blob, is an ApiFailure with the server's text and status", async () => {
    const text = 'Você só pode ouvir as gravações das suas próprias ligações.';
    server = fakeApi(() => ({ status: 403, body: new Blob([JSON.stringify({ success: false, text })], { type: 'application/json' }) }));
    const error = await failureOf(apiDownload('/telefonia/ligacoes/9/gravacao'));
    expect(error).toBeInstanceOf(ApiFailure);
    expect(error).toMatchObject({ message: text, status: 403 });
  });

  test("a refusal that is not the API's JSON (a proxy page) says the status in Portuguese", async () => {
    server = fakeApi(() => ({ status: 404, body: new Blob(['<html>Not Found</html>'], { type: 'text/html' }) }));
    const error = await failureOf(apiDownload('/telefonia/ligacoes/9/gravacao'));
    expect(error).toMatchObject({ message: 'O servidor não conseguiu atender o pedido (erro 404). Tente novamente.', status: 404 });
  });

  test('no answer at all stays a network failure, with its Portuguese text', async () => {
    server = fakeApi(() => 'network-error');
    const error = await failureOf(apiDownload('/telefonia/ligacoes/9/gravacao'));
    expect(error).not.toBeInstanceOf(ApiFailure);
    expect(errorText(error)).toBe('Não foi possível conectar ao servidor. Verifique sua conexão e tente novamente.');
  });
});

test('defineGet builds the path and the query string from the params', async () => {
  server = fakeApi(() => ({ body: { success: true, text: '', data: [] } }));
  const getStatuses = defineGet({
    path: ({ id }: { id: number; from: string }) => `/crm/proposta/${id}`,
    search: ({ from }) => ({ DT_Inicio: from }),
    response: envelope(z.array(z.unknown())),
  });
  await getStatuses({ id: 7, from: '20260301' });
  expect(server.requests).toEqual(['GET /crm/proposta/7?DT_Inicio=20260301']);
});

describe('apiSend', () => {
  test('returns the server text to show and the data', async () => {
    server = fakeApi(() => ({ body: { success: true, text: 'Campanha criada.', data: { CampanhaID: 3 } } }));
    const sent = await apiSend({ method: 'post', path: '/cadastro/campanha', body: { DE_Campanha: 'Abril' } });
    expect(sent).toEqual({ text: 'Campanha criada.', data: { CampanhaID: 3 } });
    expect(server.requests).toEqual(['POST /cadastro/campanha']);
  });

  test('the status change shows the answer message, on success and on refusal', async () => {
    server = fakeApi(() => ({ body: { success: true, text: 'OK', message: 'Status alterado.' } }));
    await expect(apiSend({ method: 'put', path: '/crm/proposta', textField: 'message' })).resolves.toMatchObject({
      text: 'Status alterado.',
    });

    server.restore();
    server = fakeApi(() => ({ body: { success: false, text: 'Erro', message: 'Transição não permitida.' } }));
    const error = await failureOf(apiSend({ method: 'put', path: '/crm/proposta', textField: 'message' }));
    expect(error).toBeInstanceOf(ApiFailure);
    expect((error as ApiFailure).message).toBe('Transição não permitida.');
  });

  test('parses the data with the given schema', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server = fakeApi(() => ({ body: { success: true, text: 'Feito.', data: { CampanhaID: 'três' } } }));
    const response = envelope(z.object({ CampanhaID: z.int() }));
    const error = await failureOf(apiSend({ method: 'post', path: '/cadastro/campanha/duplicar', response }));
    expect(error).toBeInstanceOf(UnexpectedAnswer);
  });

  test('a refusal spelt "sucess" is an ApiFailure with the server text, as for a read', async () => {
    server = fakeApi(() => ({ body: { sucess: false, text: 'Arquivo vazio.' } }));
    const error = await failureOf(apiSend({ method: 'post', path: '/importacao/upload', body: { TX_Base: '' } }));
    expect(error).toBeInstanceOf(ApiFailure);
    expect(error).toMatchObject({ message: 'Arquivo vazio.', status: 200 });
  });

  test("reports the share of the body sent, for an upload's progress bar", async () => {
    server = fakeApi((request) => {
      request.onUploadProgress?.({ loaded: 0, total: undefined, bytes: 0, lengthComputable: false });
      request.onUploadProgress?.({ loaded: 30, total: 120, bytes: 30, lengthComputable: true });
      request.onUploadProgress?.({ loaded: 120, total: 120, bytes: 90, lengthComputable: true });
      return { body: { success: true, text: 'Importação iniciada.', data: { ID_Importacao: 5 } } };
    });
    const progress: number[] = [];
    const sent = await apiSend({
      method: 'post',
      path: '/importacao/upload',
      body: { TX_Base: 'data:text/csv;base64,' },
      onUploadProgress: (fraction) => progress.push(fraction),
    });
    expect(progress).toEqual([0.25, 1]);
    expect(sent.text).toBe('Importação iniciada.');
  });
});
