import { API_CSP, DOCS_CSP } from '../src/http/securityHeaders';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const headersOf = async (path: string, init: RequestInit = {}) => {
  const response = await fetch(t.url + path, init);
  await response.arrayBuffer();
  return { status: response.status, headers: response.headers };
};

function expectApiHeaders(headers: Headers) {
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('referrer-policy')).toBe('no-referrer');
  expect(headers.get('x-frame-options')).toBe('DENY');
}

test.each([
  ['a public answer', '/health/live', {}, 200],
  ['a refusal without a token', '/cadastro/campanhas', {}, 401],
  ['an unknown path', '/nao-existe', {}, 404],
  ['a malformed body', '/lnk/token', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' }, 400],
])('%s carries the security headers and a CSP that loads and frames nothing', async (_what, path, init, status) => {
  const { status: got, headers } = await headersOf(path, init);
  expect(got).toBe(status);
  expectApiHeaders(headers);
  expect(headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
});

test('a signed-in answer carries them too', async () => {
  const token = await t.login('supervisor@demo.com.br');
  const { status, headers } = await headersOf('/cadastro/campanhas', { headers: { authorization: `Bearer ${token}` } });
  expect(status).toBe(200);
  expectApiHeaders(headers);
  expect(headers.get('content-security-policy')).toBe(API_CSP);
});

test('the documentation page and its assets get a CSP that lets swagger-ui load from /docs, and still no framing', async () => {
  for (const path of ['/docs', '/docs/static/index.html', '/docs/static/swagger-ui-bundle.js', '/docs/json']) {
    const { status, headers } = await headersOf(path, { redirect: 'manual' });
    expect([200, 302]).toContain(status);
    expectApiHeaders(headers);
    expect(headers.get('content-security-policy')).toBe(DOCS_CSP);
  }
});

test("a route's own CSP is kept (the bank badge SVG)", async () => {
  const { status, headers } = await headersOf('/banco/logo/1.svg');
  expect(status).toBe(200);
  expectApiHeaders(headers);
  expect(headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'");
});
