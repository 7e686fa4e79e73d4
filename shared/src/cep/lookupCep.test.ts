import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { isCepLookupReady, lookupCep, session, setRuntimeConfig } from '@consig/shared';
import { testToken } from '@consig/shared/testing';
import { cepClient } from './cepClient';

/** ViaCEP's answer for 01001-000, every field of it. */
const pracaDaSe = {
  cep: '01001-000',
  logradouro: 'Praça da Sé',
  complemento: 'lado ímpar',
  unidade: '',
  bairro: 'Sé',
  localidade: 'São Paulo',
  uf: 'SP',
  estado: 'São Paulo',
  regiao: 'Sudeste',
  ibge: '3550308',
  gia: '1004',
  ddd: '11',
  siafi: '7107',
};

type Answer = { status?: number; body: unknown } | 'network-error';

/** What the CEP service received: the full URL and its Authorization header. */
let seen: { url: string; authorization: unknown }[];
const original = cepClient.defaults.adapter;

/** Replaces the CEP client's transport with `answer`. */
function fakeCepService(answer: (request: InternalAxiosRequestConfig) => Answer) {
  const adapter: AxiosAdapter = async (config) => {
    seen.push({ url: `${config.baseURL ?? ''}${config.url}`, authorization: config.headers.get('Authorization') });
    const planned = answer(config);
    if (planned === 'network-error') throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
    const { status = 200, body } = planned;
    const response = { data: body, status, statusText: String(status), headers: {}, config };
    if (status >= 400)
      throw new AxiosError(`Request failed with status code ${status}`, AxiosError.ERR_BAD_REQUEST, config, null, response);
    return response;
  };
  cepClient.defaults.adapter = adapter;
}

beforeEach(() => {
  seen = [];
  setRuntimeConfig({ apiUrl: 'http://api.test', wsUrl: 'ws://api.test/ws', cepUrl: 'http://cep.test' });
});
afterEach(() => {
  cepClient.defaults.adapter = original;
  session.signOut();
});

describe('lookupCep', () => {
  test('calls {cepUrl}/ws/{8 digits}/json/ and returns street, city, state and neighbourhood', async () => {
    fakeCepService(() => ({ body: pracaDaSe }));
    await expect(lookupCep('01001-000')).resolves.toEqual({ logradouro: 'Praça da Sé', localidade: 'São Paulo', uf: 'SP', bairro: 'Sé' });
    expect(seen.map(({ url }) => url)).toEqual(['http://cep.test/ws/01001000/json/']);
  });

  test('never sends our bearer token to the third party, even when signed in', async () => {
    session.signIn(testToken());
    fakeCepService(() => ({ body: pracaDaSe }));
    await lookupCep('01001000');
    expect(seen).toEqual([{ url: 'http://cep.test/ws/01001000/json/', authorization: undefined }]);
  });

  test('a configured address with a trailing slash still calls /ws/…', async () => {
    setRuntimeConfig({ apiUrl: 'http://api.test', wsUrl: 'ws://api.test/ws', cepUrl: 'http://cep.test/base/' });
    fakeCepService(() => ({ body: pracaDaSe }));
    await lookupCep('01001000');
    expect(seen.map(({ url }) => url)).toEqual(['http://cep.test/base/ws/01001000/json/']);
  });

  test('a config.json without cepUrl uses the public ViaCEP', async () => {
    setRuntimeConfig({ apiUrl: 'http://api.test', wsUrl: 'ws://api.test/ws' });
    fakeCepService(() => ({ body: pracaDaSe }));
    await lookupCep('01001000');
    expect(seen.map(({ url }) => url)).toEqual(['https://viacep.com.br/ws/01001000/json/']);
  });

  test('keeps empty street and neighbourhood as the service sends them (a town with a single CEP)', async () => {
    fakeCepService(() => ({ body: { ...pracaDaSe, cep: '78175-000', logradouro: '', bairro: '', localidade: 'Poconé', uf: 'MT' } }));
    await expect(lookupCep('78175-000')).resolves.toEqual({ logradouro: '', localidade: 'Poconé', uf: 'MT', bairro: '' });
  });

  test.each([
    ['erro true (older ViaCEP)', { erro: true }],
    ['erro "true" (ViaCEP today)', { erro: 'true' }],
  ])('an unknown CEP, answered with %s, gives null', async (_name, body) => {
    fakeCepService(() => ({ body }));
    await expect(lookupCep('99999-999')).resolves.toBeNull();
    expect(seen).toHaveLength(1);
  });

  test('a 400 (malformed CEP) gives null', async () => {
    fakeCepService(() => ({ status: 400, body: '<h2>Http 400</h2>' }));
    await expect(lookupCep('01001000')).resolves.toBeNull();
  });

  test('a failed call (no answer, or a server error) gives null instead of an error', async () => {
    fakeCepService(() => 'network-error');
    await expect(lookupCep('01001000')).resolves.toBeNull();
    fakeCepService(() => ({ status: 503, body: 'Service Unavailable' }));
    await expect(lookupCep('01001000')).resolves.toBeNull();
  });

  test('an answer of another shape gives null: nothing unchecked reaches the form', async () => {
    fakeCepService(() => ({ body: { ...pracaDaSe, logradouro: 'x'.repeat(201) } }));
    await expect(lookupCep('01001000')).resolves.toBeNull();
    fakeCepService(() => ({ body: { ...pracaDaSe, uf: 'São Paulo' } }));
    await expect(lookupCep('01001000')).resolves.toBeNull();
    fakeCepService(() => ({ body: '<html>a captive portal</html>' }));
    await expect(lookupCep('01001000')).resolves.toBeNull();
  });

  test('does not call the service without exactly 8 digits', async () => {
    fakeCepService(() => ({ body: pracaDaSe }));
    await expect(lookupCep('01001-00')).resolves.toBeNull();
    await expect(lookupCep('010010001')).resolves.toBeNull();
    expect(seen).toEqual([]);
  });
});

describe('isCepLookupReady (product-spec §5: on leaving the field, after 8 or more characters)', () => {
  test.each([
    ['01001-000', true],
    ['01001000', true],
    ['01001-00', false],
    ['0100100', false],
    ['', false],
  ])('%p → %p', (cep, ready) => {
    expect(isCepLookupReady(cep)).toBe(ready);
  });
});
