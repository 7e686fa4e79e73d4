import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerErrorHandlers } from '../http/errors';
import { BODY_LIMIT_BYTES } from '../http/limits';
import { acceptLargeJsonBodies, textPieces } from './largeJsonBody';

let app: FastifyInstance;
let url: string;

beforeAll(async () => {
  app = Fastify();
  registerErrorHandlers(app);
  await app.register(async (scope) => {
    acceptLargeJsonBodies(scope);
    scope.post('/eco', { bodyLimit: 16 * 1024 * 1024 }, async (request) => ({
      body: request.body,
      pieces: textPieces(request, 'TX_Base')?.length ?? null,
      joined: textPieces(request, 'TX_Base')?.join('') ?? null,
    }));
  });
  // Outside the scope, Fastify's own parser.
  app.post('/eco-padrao', async (request) => ({ body: request.body }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(() => app.close());

/** The answer's status and JSON, over real HTTP as the API is called. */
async function post(body: string, path = '/eco') {
  const response = await fetch(url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  // The answer's JSON: each test asserts the shape it expects.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { statusCode: response.status, body: (await response.json()) as any };
}

/** A long text with what JSON escapes, accents, emoji and a BOM, the characters falling on every piece boundary. */
const longText = (size: number) => {
  const unit = 'a/b"c\\d\u00e9\u{1F600}\n\ttexto\uFEFF\u2028 ';
  return unit.repeat(Math.ceil(size / unit.length));
};

describe('acceptLargeJsonBodies', () => {
  it('reads a body of megabytes as JSON.parse does, the long strings in pieces too', async () => {
    const text = longText(1024 * 1024 + 1000);
    const value = { TX_Base: text, ID_Campanha: 7, outro: { lista: [text.slice(0, 20_000), 'curto', null] }, SN_Higienizar: false };
    for (const json of [
      JSON.stringify(value),
      JSON.stringify(value, null, 2),
      // Other encoders escape "/" and non-ASCII characters.
      JSON.stringify(value)
        .replaceAll('/', '\\/')
        .replace(/[\u0080-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`),
    ]) {
      const answer = await post(json);
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toEqual({ body: value, pieces: expect.any(Number), joined: text });
      expect(answer.body.pieces).toBeGreaterThan(1);
    }
  });

  it('leaves a body within the usual limit to Fastify, and answers malformed bodies as it does', async () => {
    expect((await post('{"TX_Base":"curto"}')).body).toEqual({ body: { TX_Base: 'curto' }, pieces: null, joined: null });
    const text = JSON.stringify(longText(BODY_LIMIT_BYTES));
    const open = text.slice(0, -1);
    for (const bad of [
      `{"TX_Base":${text}`,
      `{"TX_Base":${open}\u0001"}`,
      `{"TX_Base":${open}\\x"}`,
      `{"TX_Base":${open}`,
      `{"__proto__":{"a":1},"TX_Base":${text}}`,
    ]) {
      const answer = await post(bad);
      const standard = await post(bad, '/eco-padrao');
      expect(answer).toEqual(standard);
      expect(answer.statusCode).toBe(400);
    }
  });

  it('holds what is not a long string to the usual limit', async () => {
    const many = JSON.stringify({ TX_Base: 'a'.repeat(BODY_LIMIT_BYTES), lista: Array.from({ length: 30_000 }, (_, i) => `item ${i}`) });
    expect(await post(many)).toEqual({
      statusCode: 413,
      body: { success: false, text: 'Requisição grande demais: fora os arquivos, o limite é de 128 KB.' },
    });
    const tooBig = await post(JSON.stringify({ TX_Base: 'a'.repeat(17 * 1024 * 1024) }));
    expect(tooBig.statusCode).toBe(413);
  });
});
