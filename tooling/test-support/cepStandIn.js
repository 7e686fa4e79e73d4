// A stand-in for ViaCEP (the public postal-code service, product-spec §7) in tests: the browser never
// reaches a third party from a test. It answers GET /ws/{cep}/json/ in ViaCEP's shape:
// - a CEP of KNOWN_CEPS: 200 with its address (and ViaCEP's other fields);
// - any other well-formed CEP (8 digits): 200 {"erro":"true"}, as ViaCEP answers today; LEGACY_UNKNOWN_CEP
//   answers {"erro":true}, as older ViaCEP versions did;
// - a malformed CEP: 400, as ViaCEP does; any other path: 404.
// It allows any origin (as ViaCEP does), so a page served elsewhere can call it. Node built-ins only.
// Run alone: `node tooling/test-support/cepStandIn.js` (CEP_STAND_IN_PORT, default 8090).
const http = require('node:http');

/** The CEPs it knows, with their answers as ViaCEP gives them. */
const KNOWN_CEPS = {
  '01001000': {
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
  },
  20040020: {
    cep: '20040-020',
    logradouro: 'Praça Pio X',
    complemento: '',
    unidade: '',
    bairro: 'Centro',
    localidade: 'Rio de Janeiro',
    uf: 'RJ',
    estado: 'Rio de Janeiro',
    regiao: 'Sudeste',
    ibge: '3304557',
    gia: '',
    ddd: '21',
    siafi: '6001',
  },
  // A town with a single CEP: ViaCEP sends its street and neighbourhood empty.
  78175000: {
    cep: '78175-000',
    logradouro: '',
    complemento: '',
    unidade: '',
    bairro: '',
    localidade: 'Poconé',
    uf: 'MT',
    estado: 'Mato Grosso',
    regiao: 'Centro-Oeste',
    ibge: '5106505',
    gia: '',
    ddd: '65',
    siafi: '9123',
  },
};

/** The well-formed unknown CEP answered the older way, with a boolean `erro`. */
const LEGACY_UNKNOWN_CEP = '99999999';

/** The status and body of the answer to `pathname`. */
function answerFor(pathname) {
  const match = /^\/ws\/([^/]*)\/json\/?$/.exec(pathname);
  if (!match) return { status: 404, body: { erro: 'not found' } };
  const cep = decodeURIComponent(match[1]);
  if (!/^\d{8}$/.test(cep)) return { status: 400, body: '<h2>Http 400</h2><h3>Verifique a URL</h3>' };
  if (KNOWN_CEPS[cep]) return { status: 200, body: KNOWN_CEPS[cep] };
  return { status: 200, body: { erro: cep === LEGACY_UNKNOWN_CEP ? true : 'true' } };
}

/**
 * Starts the stand-in on `port` (0: any free port). Resolves to `{ url, requests, close }`: `url` is the
 * base address to configure as the CEP service (no trailing slash); `requests` lists every request, as
 * `{ method, path, authorization }`, so a test sees what the third party would have received.
 * @param {{ port?: number, host?: string }} [options]
 */
function startCepStandIn({ port = 0, host = '127.0.0.1' } = {}) {
  /** @type {{ method: string, path: string, authorization: string | undefined }[]} */
  const requests = [];
  const server = http.createServer((request, response) => {
    const { pathname } = new URL(request.url, 'http://stand-in');
    requests.push({ method: request.method, path: pathname, authorization: request.headers.authorization });
    response.setHeader('Access-Control-Allow-Origin', '*');
    if (request.method === 'OPTIONS') {
      response.setHeader('Access-Control-Allow-Methods', 'GET');
      response.setHeader('Access-Control-Allow-Headers', '*');
      response.writeHead(204).end();
      return;
    }
    if (request.method !== 'GET') {
      response.writeHead(405).end();
      return;
    }
    const { status, body } = answerFor(pathname);
    const json = typeof body !== 'string';
    response.writeHead(status, { 'Content-Type': json ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8' });
    response.end(json ? JSON.stringify(body) : body);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      resolve({
        url: `http://${host}:${address.port}`,
        requests,
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

module.exports = { startCepStandIn, KNOWN_CEPS, LEGACY_UNKNOWN_CEP };

if (require.main === module) {
  startCepStandIn({ port: Number(process.env.CEP_STAND_IN_PORT || 8090), host: process.env.CEP_STAND_IN_HOST || '0.0.0.0' }).then(
    ({ url }) => console.log(`CEP stand-in on ${url}`),
  );
}
