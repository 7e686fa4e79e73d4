// The CEP look-up's service: the address every app's config.json gives it (CEP_URL), and the ViaCEP
// stand-in the tests use in its place (test-support/cepStandIn.js).
const path = require('node:path');
const { DEFAULT_CEP_URL, REMOTES, startProduct } = require('./product');
const { startCepStandIn } = require('./test-support/cepStandIn');
const { freePort } = require('./test-support/helpers');

const FAKE_API = path.join(__dirname, 'test-support', 'fakeApi.js');

const getJson = async (url) => (await fetch(url)).json();

describe('config.json', () => {
  const savedCepUrl = process.env.CEP_URL;
  let product;
  afterEach(async () => {
    if (savedCepUrl === undefined) delete process.env.CEP_URL;
    else process.env.CEP_URL = savedCepUrl;
    await product?.stop();
    product = undefined;
  });

  /** Starts the product (the apps' servers and a stand-in API) on free ports; returns every app's config.json. */
  async function configs() {
    const ports = {};
    for (const name of ['host', 'api', ...REMOTES.map((remote) => remote.name)]) ports[name] = await freePort();
    // No SIP server here: this test is about the CEP setting, and Kamailio would keep state in the repo's .data/.
    product = await startProduct({ ports, publicHost: '127.0.0.1', apiEntry: FAKE_API, apiStdio: 'ignore', telephony: false });
    const apps = [['host', ports.host], ...REMOTES.map(({ name }) => [name, ports[name]])];
    return Object.fromEntries(
      await Promise.all(apps.map(async ([name, port]) => [name, await getJson(`http://127.0.0.1:${port}/config.json`)])),
    );
  }

  test('gives the host and every remote the CEP service named by CEP_URL', async () => {
    process.env.CEP_URL = 'http://cep.internal:8090';
    const served = await configs();
    expect(Object.keys(served)).toHaveLength(1 + REMOTES.length);
    for (const config of Object.values(served)) expect(config).toMatchObject({ cepUrl: 'http://cep.internal:8090' });
  });

  test('without CEP_URL, the public ViaCEP', async () => {
    delete process.env.CEP_URL;
    const served = await configs();
    expect(DEFAULT_CEP_URL).toBe('https://viacep.com.br');
    for (const config of Object.values(served)) expect(config).toMatchObject({ cepUrl: 'https://viacep.com.br' });
  });
});

describe('the ViaCEP stand-in', () => {
  let standIn;
  beforeAll(async () => {
    standIn = await startCepStandIn();
  });
  afterAll(() => standIn.close());

  const get = (cep) => fetch(`${standIn.url}/ws/${cep}/json/`);

  test('answers a known CEP in ViaCEP’s shape, to any origin', async () => {
    const response = await get('01001000');
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(await response.json()).toMatchObject({
      cep: '01001-000',
      logradouro: 'Praça da Sé',
      bairro: 'Sé',
      localidade: 'São Paulo',
      uf: 'SP',
    });
    expect(await (await get('20040020')).json()).toMatchObject({ localidade: 'Rio de Janeiro', uf: 'RJ' });
  });

  test('answers a well-formed unknown CEP with erro, in both of ViaCEP’s spellings', async () => {
    expect(await (await get('12345678')).json()).toEqual({ erro: 'true' });
    expect(await (await get('99999999')).json()).toEqual({ erro: true });
  });

  test('refuses a malformed CEP with 400, as ViaCEP does', async () => {
    expect((await get('0100100')).status).toBe(400);
    expect((await get('01001-000')).status).toBe(400);
  });

  test('records what it received, so a test sees whether a token was sent', async () => {
    await fetch(`${standIn.url}/ws/01001000/json/`, { headers: { Authorization: 'Bearer leaked' } });
    expect(standIn.requests.at(-1)).toEqual({ method: 'GET', path: '/ws/01001000/json/', authorization: 'Bearer leaked' });
  });
});
