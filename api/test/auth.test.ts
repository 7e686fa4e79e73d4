import { createTokenService } from '../src/auth/tokens';
import { demoUser } from '../src/db/demoData';
import { decodeToken, startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const signIn = (EM_Email: string, PW_Senha: string, ip = '10.1.0.1') =>
  t.call('POST', '/lnk/token', { body: { EM_Email, PW_Senha }, headers: { 'x-forwarded-for': ip } });

const INVALID = { success: false, text: 'E-mail ou senha inválidos.' };
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
  const waitText = (wait: string) => ({ success: false, text: `Muitas tentativas de acesso. Aguarde ${wait} e tente novamente.` });
  /** Moves every recorded attempt `minutes` into the past, as if that time had gone by. */
  const elapse = (minutes: number) =>
    t.db.query('update tentativa_login set ts_tentativa = ts_tentativa - make_interval(mins => $1)', [minutes]);
  const statuses = (answers: { status: number }[]) => answers.map((a) => a.status);

  it('gives a parallel burst of 60 attempts at most 5 verdicts, and no token to the right password inside it', async () => {
    // Before: the count was read before scrypt and the failure written after it, so all 60 got a verdict.
    const passwords = Array.from({ length: 60 }, (_, i) => (i === 45 ? 'Atendente@123' : `errada${i}`));
    const answers = await Promise.all(passwords.map((password) => signIn('atendente2@demo.com.br', password, '10.6.0.1')));
    const verdicts = answers.filter((a) => a.status !== 429);
    expect(verdicts.length).toBeLessThanOrEqual(5);
    expect(verdicts.every((a) => a.status === 401)).toBe(true);
    expect(answers[45]).toEqual({ status: 429, body: waitText('1 minuto') });
  });

  it('slows a pair of e-mail and address down progressively, and lets the right password in after the wait', async () => {
    const attempt = (password: string) => signIn('atendente@outra.com.br', password, '10.6.1.1');
    for (let i = 0; i < 5; i += 1) expect((await attempt(`errada${i}`)).status).toBe(401);
    expect(await attempt('Atendente@123')).toEqual({ status: 429, body: waitText('1 minuto') });
    await elapse(1);
    expect((await attempt('errada5')).status).toBe(401);
    expect(await attempt('errada6')).toEqual({ status: 429, body: waitText('2 minutos') });
    await elapse(2);
    expect((await attempt('Atendente@123')).status).toBe(200);
    // The success cleared the pair: five more typos are allowed at once.
    for (let i = 0; i < 5; i += 1) expect((await attempt(`errada${i}`)).status).toBe(401);
    expect((await attempt('errada')).status).toBe(429);
  });

  it('tells when to retry in the Retry-After header too', async () => {
    for (let i = 0; i < 5; i += 1) await signIn('gerente@demo.com.br', 'errada', '10.6.2.1');
    const response = await fetch(`${t.url}/lnk/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.6.2.1' },
      body: JSON.stringify({ EM_Email: 'gerente@demo.com.br', PW_Senha: 'Gerente@123' }),
    });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(response.headers.get('retry-after'))).toBeLessThanOrEqual(60);
  });

  it("does not lock an office behind one address (NAT) out because of one agent's typos", async () => {
    const office = '10.7.0.1';
    for (let i = 0; i < 5; i += 1) expect((await signIn('atendente@demo.com.br', `errada${i}`, office)).status).toBe(401);
    expect((await signIn('atendente@demo.com.br', 'Atendente@123', office)).status).toBe(429);
    // The colleagues behind the same address sign in, and so does the agent from elsewhere.
    expect((await signIn('supervisor@demo.com.br', 'Supervisor@123', office)).status).toBe(200);
    expect((await signIn('gerente@demo.com.br', 'Gerente@123', office)).status).toBe(200);
    expect((await signIn('atendente@demo.com.br', 'Atendente@123', '10.7.9.9')).status).toBe(200);
  });

  it('does not let an attacker lock a victim out: one address hammering, then many addresses', async () => {
    const victim = (ip: string) => signIn('supervisor@demo.com.br', 'Supervisor@123', ip);
    expect((await victim('10.8.0.1')).status).toBe(200); // the victim's usual address

    const hammer = await Promise.all(Array.from({ length: 60 }, (_, i) => signIn('supervisor@demo.com.br', `chute${i}`, '10.8.6.6')));
    expect(statuses(hammer).filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect((await victim('10.8.0.1')).status).toBe(200);
    expect((await victim('10.8.0.2')).status).toBe(200); // a new address too

    // Many addresses: the e-mail's ceiling stops the guessing from unknown addresses...
    const spread: number[] = [];
    for (let i = 0; i < 25; i += 1) spread.push((await signIn('supervisor@demo.com.br', `chute${i}`, `10.8.7.${i}`)).status);
    expect(spread.filter((s) => s === 401).length).toBeLessThanOrEqual(20);
    expect(spread.slice(-3)).toEqual([429, 429, 429]);
    expect((await victim('10.8.0.3')).status).toBe(429);
    // ...but the addresses the victim has signed in from still work.
    expect((await victim('10.8.0.1')).status).toBe(200);
    expect((await victim('10.8.0.2')).status).toBe(200);
  });

  it('bounds one address trying many e-mails, except for the people who sign in from it', async () => {
    const address = '10.9.0.1';
    expect((await signIn('gerente@demo.com.br', 'Gerente@123', address)).status).toBe(200);
    // 45 e-mails already tried from this address today (recorded directly: 45 password checks are slow)...
    await t.db.query(
      "insert into tentativa_login (em_email, de_ip) select 'alvo' || i || '@demo.com.br', $1 from generate_series(1, 45) i",
      [address],
    );
    // ...so of 15 more, in parallel, 5 get a verdict before the ceiling of 50.
    const sprayed = await Promise.all(Array.from({ length: 15 }, (_, i) => signIn(`outro${i}@demo.com.br`, 'Senha@123', address)));
    expect(statuses(sprayed).sort()).toEqual([...Array(5).fill(401), ...Array(10).fill(429)]);
    expect((await signIn('atendente2@demo.com.br', 'Atendente@123', address)).status).toBe(429);
    expect((await signIn('gerente@demo.com.br', 'Gerente@123', address)).status).toBe(200);
  });
});

// docker-compose.yml puts one nginx in front, which appends the address it sees to the X-Forwarded-For the
// browser sent ($proxy_add_x_forwarded_for). Only that last entry is the client's real address.
describe('the client address behind one proxy (TRUST_PROXY)', () => {
  const waitText = (wait: string) => ({ success: false, text: `Muitas tentativas de acesso. Aguarde ${wait} e tente novamente.` });
  let oneHop: TestApp;
  let everyHop: TestApp;
  beforeAll(async () => {
    [oneHop, everyHop] = await Promise.all([startTestApp({ env: { TRUST_PROXY: '1' } }), startTestApp({ env: { TRUST_PROXY: 'true' } })]);
  });
  afterAll(() => Promise.all([oneHop?.close(), everyHop?.close()]));

  /** A sign-in as nginx forwards it: the browser's own X-Forwarded-For (forged), then the address nginx saw. */
  const throughNginx = (app: TestApp, PW_Senha: string, forged: string, real: string) =>
    app.call('POST', '/lnk/token', {
      body: { EM_Email: 'atendente@demo.com.br', PW_Senha },
      headers: { 'x-forwarded-for': `${forged}, ${real}` },
    });

  it('with TRUST_PROXY=1, throttles the address nginx saw, whatever the browser forged before it', async () => {
    const real = '198.51.100.7';
    for (let i = 0; i < 5; i += 1) expect((await throughNginx(oneHop, `errada${i}`, `203.0.113.${i}`, real)).status).toBe(401);
    // A sixth forged address changes nothing: the guessing stops, the right password included.
    expect(await throughNginx(oneHop, 'Atendente@123', '203.0.113.99', real)).toEqual({ status: 429, body: waitText('1 minuto') });
    // Another browser behind the same nginx is another address: it signs in (the API does not see everyone as nginx).
    expect((await throughNginx(oneHop, 'Atendente@123', '203.0.113.0', '198.51.100.8')).status).toBe(200);
  });

  it('with TRUST_PROXY=true, takes the forged first entry as the address: each forgery gets fresh attempts', async () => {
    // Why the compose file says 1: with true, eight guesses from one machine are never throttled (the limit is 5).
    const answers = [];
    for (let i = 0; i < 8; i += 1) answers.push((await throughNginx(everyHop, `errada${i}`, `203.0.113.${i}`, '198.51.100.7')).status);
    expect(answers).toEqual(Array(8).fill(401));
  });
});

describe('bounded sign-in inputs', () => {
  const longEmail = (length: number) => `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(length - 64 - 1 - 63 - 1 - 4)}.com`;

  it('refuses an e-mail longer than 254 characters with 400, not 500', async () => {
    expect(longEmail(254)).toHaveLength(254);
    expect((await signIn(longEmail(254), 'errada', '10.10.0.1')).status).toBe(401);
    expect(await signIn(longEmail(255), 'errada', '10.10.0.2')).toEqual({
      status: 400,
      body: { success: false, text: 'EM_Email: Email inválido.' },
    });
    expect(await signIn(`${'x'.repeat(12_000)}@demo.com.br`, 'errada', '10.10.0.3')).toEqual({
      status: 400,
      body: { success: false, text: 'EM_Email: Email inválido.' },
    });
  });

  it('refuses a password longer than 128 characters with 400', async () => {
    expect((await signIn('ninguem@demo.com.br', 'x'.repeat(128), '10.10.1.1')).status).toBe(401);
    expect(await signIn('ninguem@demo.com.br', 'x'.repeat(129), '10.10.1.2')).toEqual({
      status: 400,
      body: { success: false, text: 'PW_Senha: Use no máximo 128 caracteres.' },
    });
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
    const { pessoa: person, sid } = decodeToken(good);
    const [header, , signature] = good.split('.');
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const future = Math.floor(Date.now() / 1000) + 3600;
    const authorizations = {
      missing: undefined,
      'other scheme': `Basic ${Buffer.from('a:b').toString('base64')}`,
      'empty bearer': 'Bearer ',
      garbage: 'Bearer abc.def.ghi',
      forged: `Bearer ${createTokenService({ secret: 'segredo-de-um-atacante', ttlHours: 12 }).sign(person, sid ?? '')}`,
      tampered: `Bearer ${header}.${b64({ pessoa: { ...person, ID_Empresa: 2 }, exp: future })}.${signature}`,
      'alg none': `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${b64({ pessoa: person, exp: future })}.`,
      expired: `Bearer ${createTokenService({ secret: t.config.jwtSecret, ttlHours: 12 }).sign(person, sid ?? '', Date.now() - 13 * 3_600_000)}`,
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
