import { createTokenService } from '../src/auth/tokens';
import { demoUser } from '../src/db/demo-data';
import { decodeToken, startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const signIn = (EM_Email: string, PW_Senha: string, ip = '10.1.0.1') =>
  t.call('POST', '/lnk/token', { body: { EM_Email, PW_Senha }, headers: { 'x-forwarded-for': ip } });

const INVALID = { success: false, text: 'E-mail ou senha inválidos.' };
const THROTTLED = { success: false, text: 'Muitas tentativas de acesso. Aguarde 15 minutos e tente novamente.' };
const EXPIRED = { success: false, text: 'Sessão expirada ou inválida. Entre novamente.' };

describe('POST /lnk/token', () => {
  it('signs in and returns a token whose middle part is the person profile', async () => {
    const { status, body } = await signIn('atendente@demo.com.br', 'Atendente@123');
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, text: 'Login realizado com sucesso.', token: expect.any(String) });
    const [{ id }] = await t.db.query<{ id: number }>("select id_pessoa as id from pessoa where em_email = 'atendente@demo.com.br'");
    const payload = decodeToken(body.token);
    expect(payload.pessoa).toEqual({
      ID_Pessoa: id,
      ID_Funcao: 11,
      DE_Pessoa: demoUser('atendente@demo.com.br').name,
      DE_Funcao: 'Atendente',
      SN_Telefonia: 1,
      ID_Empresa: 1,
    });
    expect(payload.exp - payload.iat).toBe(12 * 3600);
    expect(Math.abs(payload.iat - Date.now() / 1000)).toBeLessThan(60);
  });

  it('carries each demo role and company', async () => {
    const manager = decodeToken((await signIn('gerente@demo.com.br', 'Gerente@123')).body.token).pessoa;
    expect(manager).toMatchObject({ ID_Funcao: 13, DE_Funcao: 'Gerente', SN_Telefonia: 0, ID_Empresa: 1 });
    const other = decodeToken((await signIn('atendente@outra.com.br', 'Atendente@123')).body.token).pessoa;
    expect(other).toMatchObject({ ID_Funcao: 11, SN_Telefonia: 0, ID_Empresa: 2 });
  });

  it('ignores the case and surrounding spaces of the e-mail', async () => {
    const { status } = await signIn('  Supervisor@Demo.com.BR ', 'Supervisor@123');
    expect(status).toBe(200);
  });

  it('answers a wrong password and an unknown e-mail with the same 401 text', async () => {
    const wrong = await signIn('gerente@demo.com.br', 'errada', '10.1.1.1');
    const unknown = await signIn('ninguem@demo.com.br', 'Atendente@123', '10.1.1.2');
    expect(wrong).toEqual({ status: 401, body: INVALID });
    expect(unknown).toEqual({ status: 401, body: INVALID });
  });

  it('answers an invalid body with 400 and a Portuguese text', async () => {
    expect(await signIn('nao-e-email', 'x')).toEqual({ status: 400, body: { success: false, text: 'EM_Email: Email inválido.' } });
    expect(await signIn('atendente@demo.com.br', '')).toEqual({
      status: 400,
      body: { success: false, text: 'PW_Senha: Este campo é obrigatório.' },
    });
    const missing = await t.call('POST', '/lnk/token', { body: { EM_Email: 'atendente@demo.com.br' } });
    expect(missing).toEqual({ status: 400, body: { success: false, text: 'PW_Senha: Este campo é obrigatório.' } });
  });

  it('answers malformed JSON and other content types in Portuguese', async () => {
    const malformed = await fetch(`${t.url}/lnk/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"EM_Email": ',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ success: false, text: 'Requisição inválida: o corpo não é um JSON válido.' });
    const text = await fetch(`${t.url}/lnk/token`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' });
    expect(text.status).toBe(415);
    expect(await text.json()).toEqual({ success: false, text: 'Tipo de conteúdo não suportado: envie JSON.' });
  });
});

describe('sign-in throttling', () => {
  it('refuses an e-mail with 429 after 5 failures, from any address, even with the right password', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await signIn('atendente2@demo.com.br', `errada${i}`, `10.2.0.${i}`)).status).toBe(401);
    }
    expect(await signIn('atendente2@demo.com.br', 'Atendente@123', '10.2.1.1')).toEqual({ status: 429, body: THROTTLED });
    // Other e-mails are not affected.
    expect((await signIn('gerente@demo.com.br', 'Gerente@123', '10.2.1.1')).status).toBe(200);
  });

  it('lets the e-mail in again once the failures are older than 15 minutes', async () => {
    await t.db.query("update tentativa_login set ts_tentativa = ts_tentativa - interval '16 minutes'");
    expect((await signIn('atendente2@demo.com.br', 'Atendente@123', '10.2.1.1')).status).toBe(200);
  });

  it('refuses an address with 429 after 5 failures, whatever the e-mail', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await signIn(`desconhecido${i}@demo.com.br`, 'x', '10.3.0.1')).status).toBe(401);
    }
    expect(await signIn('supervisor@demo.com.br', 'Supervisor@123', '10.3.0.1')).toEqual({ status: 429, body: THROTTLED });
    expect((await signIn('supervisor@demo.com.br', 'Supervisor@123', '10.3.0.2')).status).toBe(200);
  });

  it("clears an e-mail's failures when it signs in", async () => {
    const attempt = (password: string, i: number) => signIn('atendente@outra.com.br', password, `10.4.0.${i}`);
    for (let i = 0; i < 4; i += 1) expect((await attempt('errada', i)).status).toBe(401);
    expect((await attempt('Atendente@123', 10)).status).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await attempt('errada', 20 + i)).status).toBe(401);
    expect((await attempt('Atendente@123', 30)).status).toBe(200);
  });
});

describe('bearer token on protected routes', () => {
  const endpoints: [string, string, unknown?][] = [
    ['GET', '/atendente/ramal'],
    ['GET', '/atendente'],
    ['GET', '/atendente/status'],
    ['PUT', '/atendente/tabular', { ID_Status: 202 }],
    ['GET', '/atendente/lead'],
    ['GET', '/cadastro/campanhas'],
    ['GET', '/crm/proposta/status'],
    ['GET', '/crm/proposta/status/possiveis'],
  ];

  it('answers 401 to a missing, malformed, forged, tampered or expired token on every endpoint', async () => {
    const good = await t.login('atendente@demo.com.br');
    const pessoa = decodeToken(good).pessoa;
    const [header, , signature] = good.split('.');
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const future = Math.floor(Date.now() / 1000) + 3600;
    const authorizations = {
      missing: undefined,
      'other scheme': `Basic ${Buffer.from('a:b').toString('base64')}`,
      'empty bearer': 'Bearer ',
      garbage: 'Bearer abc.def.ghi',
      forged: `Bearer ${createTokenService({ secret: 'segredo-de-um-atacante', ttlHours: 12 }).sign(pessoa)}`,
      tampered: `Bearer ${header}.${b64({ pessoa: { ...pessoa, ID_Empresa: 2 }, exp: future })}.${signature}`,
      'alg none': `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${b64({ pessoa, exp: future })}.`,
      expired: `Bearer ${createTokenService({ secret: t.config.jwtSecret, ttlHours: 12 }).sign(pessoa, Date.now() - 13 * 3_600_000)}`,
    };
    for (const [method, path, body] of endpoints) {
      for (const [kind, authorization] of Object.entries(authorizations)) {
        const answer = await t.call(method, path, { body, headers: authorization ? { authorization } : {} });
        expect({ method, path, kind, ...answer }).toEqual({ method, path, kind, status: 401, body: EXPIRED });
      }
      expect((await t.call(method, path, { body, token: good })).status).toBe(200);
    }
  });
});
