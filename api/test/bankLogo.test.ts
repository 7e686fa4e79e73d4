import { startTestApp, type TestApp } from './harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const logo = (path: string) => fetch(app.url + path);

describe('GET /banco/logo/{CO_Banco}.svg', () => {
  it('serves a badge for a bank of the table, without a token, cached for long', async () => {
    const response = await logo('/banco/logo/318.svg');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers.get('cache-control')).toMatch(/^public, max-age=604800/);
    const svg = await response.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('aria-label="Banco BMG"');
    expect(svg).toContain('>BMG</text>');
  });

  it('gives each bank its own badge and an unknown code the neutral one', async () => {
    const caixa = await (await logo('/banco/logo/104.svg')).text();
    expect(caixa).toContain('>Caixa</text>');
    const unknown = await logo('/banco/logo/999.svg');
    expect(unknown.status).toBe(200);
    const neutral = await unknown.text();
    expect(neutral).toContain('aria-label="Banco"');
    expect(neutral).not.toContain('<text');
  });

  it('answers 404 for a name that is not {code}.svg', async () => {
    for (const path of ['/banco/logo/318.png', '/banco/logo/abc.svg', '/banco/logo/12345678901.svg']) {
      expect({ path, status: (await logo(path)).status }).toEqual({ path, status: 404 });
    }
  });
});
