import { request as httpRequest } from 'node:http';
import { useSignedInDemoApp } from './harness';

// Refusals made before any hook of the app runs (the router, Node's HTTP parser) are answered like every other:
// `{ success: false, text }` in Portuguese, never Fastify's English JSON, never quoting the request back
// (docs/rules.md "Bad input"). The fuzz (fuzz.test.ts) found them in English.
const demo = useSignedInDemoApp();

/** A raw GET of `path` (no URL normalisation), with the supervisor's token: status, type and body. */
function rawGet(path: string): Promise<{ status: number; type: string | undefined; body: unknown }> {
  const { port } = new URL(demo.app.url);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'GET',
        agent: false,
        headers: { authorization: `Bearer ${demo.tokens['supervisor@demo.com.br']}` },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            type: response.headers['content-type'],
            body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}

test('a path the router cannot decode answers 400 in Portuguese, without quoting it', async () => {
  expect(await rawGet('/crm/cliente/basicoPorID/%zz')).toEqual({
    status: 400,
    type: 'application/json; charset=utf-8',
    body: { success: false, text: 'Endereço inválido.' },
  });
});

test('a path parameter over the router’s limit answers 414 in Portuguese', async () => {
  expect(await rawGet(`/crm/cliente/basicoPorID/${'9'.repeat(150)}`)).toEqual({
    status: 414,
    type: 'application/json; charset=utf-8',
    body: { success: false, text: 'Endereço longo demais.' },
  });
});

test('a request line over Node’s header limit answers 431 in Portuguese', async () => {
  expect(await rawGet(`/crm/cliente/basicoPorID/1?x=${'y'.repeat(17_000)}`)).toEqual({
    status: 431,
    type: 'application/json; charset=utf-8',
    body: { success: false, text: 'Cabeçalhos ou endereço grandes demais.' },
  });
});
