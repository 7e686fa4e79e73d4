import { PASSWORD_CHANGE_REQUIRED_TEXT, PASSWORD_CHANGE_TEXT, PASSWORD_TEXT, ROLE, WS_CLOSE_UNAUTHORIZED } from '@consig/shared/contracts';
import { startTestApp, type TestApp } from './harness';
import { closeOf, wsClients } from './wsClient';

/**
 * PUT /lnk/senha and the temporary password of a first sign-in (issue 22 "People"): a person whose password the API
 * made (pessoa.sn_trocar_senha = 1) gets a token that reaches only the change and 'Sair' until they choose their own.
 *
 * Each test works on people of its own, from an address of its own: the sign-in throttling and the 2 s session
 * lookup cache (src/auth/authenticate.ts) of one test never reach another.
 */
const TEMPORARY = 'Atendente@123';
const CHOSEN = 'Girassol-Azul-Trovao-42';
const EXPIRED = { status: 401, body: { success: false, text: 'Sessão expirada ou inválida. Entre novamente.' } };
const MUST_CHANGE = { status: 403, body: { success: false, text: PASSWORD_CHANGE_REQUIRED_TEXT } };
const CHANGED = { status: 200, body: { success: true, text: PASSWORD_CHANGE_TEXT.changed } };

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const sockets = wsClients();
afterEach(() => sockets.closeAll());

let serial = 0;

/** A new person of `company` whose password is TEMPORARY, made by the API (must change) or not. */
async function newPerson({ mustChange, role = ROLE.ATENDENTE, company = 1 }: { mustChange: boolean; role?: number; company?: number }) {
  serial += 1;
  const email = `troca${serial}@demo.com.br`;
  const address = `10.44.0.${serial}`;
  const [{ id }] = await t.db.query<{ id: number }>(
    `insert into pessoa (id_empresa, em_email, pw_senha, de_pessoa, id_funcao, sn_trocar_senha)
     select $1, $2, pw_senha, $3, $4, $5 from pessoa where em_email = 'atendente@demo.com.br'
     returning id_pessoa as id`,
    [company, email, `Pessoa da troca ${serial}`, role, mustChange ? 1 : 0],
  );
  const signIn = (password = TEMPORARY) =>
    t.call('POST', '/lnk/token', { body: { EM_Email: email, PW_Senha: password }, headers: { 'x-forwarded-for': address } });
  const change = (token: string, body: unknown) => t.call('PUT', '/lnk/senha', { token, body, headers: { 'x-forwarded-for': address } });
  return { id, email, address, signIn, change };
}

const tokenOf = async (signIn: () => Promise<{ status: number; body: { token?: string } }>) => {
  const { status, body } = await signIn();
  if (status !== 200 || !body.token) throw new Error(`sign-in: ${status} ${JSON.stringify(body)}`);
  return body.token;
};

describe('PUT /lnk/senha: who may call it', () => {
  it('refuses a request without a token or with a revoked one (401)', async () => {
    expect(await t.call('PUT', '/lnk/senha', { body: { PW_Atual: TEMPORARY, PW_Nova: CHOSEN } })).toEqual(EXPIRED);
    const someone = await newPerson({ mustChange: false });
    const token = await tokenOf(someone.signIn);
    await t.call('POST', '/lnk/sair', { token });
    expect(await someone.change(token, { PW_Atual: TEMPORARY, PW_Nova: CHOSEN })).toEqual(EXPIRED);
  });

  it.each([
    ['an attendant', ROLE.ATENDENTE],
    ['a supervisor', ROLE.SUPERVISOR],
    ['a manager', ROLE.GERENTE],
  ])('lets %s change their own password, of either company, and nobody else’s', async (_who, role) => {
    const caller = await newPerson({ mustChange: false, role, company: 2 });
    const bystander = await newPerson({ mustChange: false, role, company: 1 });
    const token = await tokenOf(caller.signIn);
    expect(await caller.change(token, { PW_Atual: TEMPORARY, PW_Nova: CHOSEN })).toEqual(CHANGED);
    expect((await caller.signIn(CHOSEN)).status).toBe(200);
    // The same old password elsewhere, in the other company, is untouched.
    expect((await bystander.signIn(TEMPORARY)).status).toBe(200);
  });
});

describe('a temporary password (sn_trocar_senha = 1)', () => {
  it('signs in with SN_TrocarSenha: 1, and the token reaches nothing but PUT /lnk/senha and /lnk/sair (403)', async () => {
    const newcomer = await newPerson({ mustChange: true });
    const { status, body } = await newcomer.signIn();
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, text: 'Login realizado com sucesso.', token: expect.any(String), SN_TrocarSenha: 1 });
    const token = body.token as string;

    for (const path of ['/atendente/status', '/atendente/lead', '/atendente', '/cadastro/campanhas', '/crm/proposta/status']) {
      expect(await t.call('GET', path, { token })).toEqual(MUST_CHANGE);
    }
    expect(await t.call('PUT', '/atendente/tabular', { token, body: { ID_Status: 202 } })).toEqual(MUST_CHANGE);

    // The realtime socket is refused too: the screen has no use for it before the change.
    const socket = await sockets.connect(t, newcomer.address);
    socket.socket.send(token);
    expect((await closeOf(socket)).code).toBe(WS_CLOSE_UNAUTHORIZED);

    // 'Sair' stays possible (on a second session, so this one can go on to the change).
    const other = await tokenOf(newcomer.signIn);
    expect(await t.call('POST', '/lnk/sair', { token: other })).toMatchObject({ status: 200 });
  });

  it('after the change the same session works at once, and the next sign-in asks nothing', async () => {
    const newcomer = await newPerson({ mustChange: true });
    const token = await tokenOf(newcomer.signIn);
    expect(await t.call('GET', '/atendente/status', { token })).toEqual(MUST_CHANGE);

    expect(await newcomer.change(token, { PW_Atual: TEMPORARY, PW_Nova: CHOSEN })).toEqual(CHANGED);
    expect((await t.call('GET', '/atendente/status', { token })).status).toBe(200);

    const socket = await sockets.connect(t, newcomer.address);
    socket.socket.send(token);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(socket.isClosed()).toBe(false);

    expect(await newcomer.signIn(TEMPORARY)).toEqual({ status: 401, body: { success: false, text: 'E-mail ou senha inválidos.' } });
    const { status, body } = await newcomer.signIn(CHOSEN);
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, text: 'Login realizado com sucesso.', token: expect.any(String) });
  });

  it('cannot be kept: the new password must differ from the temporary one', async () => {
    const newcomer = await newPerson({ mustChange: true });
    const token = await tokenOf(newcomer.signIn);
    expect(await newcomer.change(token, { PW_Atual: TEMPORARY, PW_Nova: TEMPORARY })).toEqual({
      status: 400,
      body: { success: false, text: PASSWORD_CHANGE_TEXT.sameAsCurrent },
    });
    expect(await t.call('GET', '/atendente/status', { token })).toEqual(MUST_CHANGE);
  });
});

describe('PUT /lnk/senha: the checks', () => {
  it("refuses a wrong current password with 'Senha atual incorreta.' and changes nothing", async () => {
    const someone = await newPerson({ mustChange: false });
    const token = await tokenOf(someone.signIn);
    expect(await someone.change(token, { PW_Atual: 'não é esta', PW_Nova: CHOSEN })).toEqual({
      status: 400,
      body: { success: false, text: 'Senha atual incorreta.' },
    });
    expect((await someone.signIn(TEMPORARY)).status).toBe(200);
    expect((await someone.signIn(CHOSEN)).status).toBe(401);
  });

  it('counts wrong current passwords toward the sign-in throttling: 429 with Retry-After, the sign-in too', async () => {
    const someone = await newPerson({ mustChange: false });
    const token = await tokenOf(someone.signIn);
    // The pair's first failures cost nothing; then it waits (src/auth/throttle.ts).
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await someone.change(token, { PW_Atual: `errada ${attempt}`, PW_Nova: CHOSEN })).status).toBe(400);
    }
    const response = await fetch(`${t.url}/lnk/senha`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-forwarded-for': someone.address },
      body: JSON.stringify({ PW_Atual: TEMPORARY, PW_Nova: CHOSEN }),
    });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await response.json()).toEqual({ success: false, text: 'Muitas tentativas de acesso. Aguarde 1 minuto e tente novamente.' });
    expect((await someone.signIn(TEMPORARY)).status).toBe(429);
  });

  it.each([
    ['too short', 'curta', PASSWORD_TEXT.tooShort],
    ['common', 'senha123456', PASSWORD_TEXT.tooCommon],
    ['the e-mail', 'EMAIL', PASSWORD_TEXT.isEmail],
  ])('refuses a weak new password (%s) with the rule’s text and keeps the old one', async (_why, weak, text) => {
    const someone = await newPerson({ mustChange: false });
    const token = await tokenOf(someone.signIn);
    const PW_Nova = weak === 'EMAIL' ? someone.email : weak;
    expect(await someone.change(token, { PW_Atual: TEMPORARY, PW_Nova })).toEqual({ status: 400, body: { success: false, text } });
    expect((await someone.signIn(TEMPORARY)).status).toBe(200);
  });

  it('validates the body: both fields required', async () => {
    const someone = await newPerson({ mustChange: false });
    const token = await tokenOf(someone.signIn);
    expect(await someone.change(token, { PW_Atual: '', PW_Nova: CHOSEN })).toEqual({
      status: 400,
      body: { success: false, text: 'PW_Atual: Este campo é obrigatório.' },
    });
    expect((await someone.change(token, { PW_Atual: TEMPORARY })).status).toBe(400);
  });
});

describe('PUT /lnk/senha: what else it does', () => {
  it("ends the person's other sessions, keeps this one", async () => {
    const someone = await newPerson({ mustChange: false });
    const here = await tokenOf(someone.signIn);
    const elsewhere = await tokenOf(someone.signIn);
    // Both looked up (and cached) before the change: the revocation must not wait for the cache.
    expect((await t.call('GET', '/atendente/status', { token: elsewhere })).status).toBe(200);
    expect((await t.call('GET', '/atendente/status', { token: here })).status).toBe(200);

    expect(await someone.change(here, { PW_Atual: TEMPORARY, PW_Nova: CHOSEN })).toEqual(CHANGED);
    expect(await t.call('GET', '/atendente/status', { token: elsewhere })).toEqual(EXPIRED);
    expect((await t.call('GET', '/atendente/status', { token: here })).status).toBe(200);
  });

  it("audits 'pessoa.senha_alterada' with the address, never the password or its hash", async () => {
    const someone = await newPerson({ mustChange: true });
    const token = await tokenOf(someone.signIn);
    await someone.change(token, { PW_Atual: TEMPORARY, PW_Nova: CHOSEN });
    const rows = await t.db.query<{ empresa: number; acao: string; endereco: string; linha: string }>(
      `select id_empresa as empresa, tp_acao as acao, de_endereco as endereco, row_to_json(a)::text as linha
         from auditoria a where id_pessoa = $1`,
      [someone.id],
    );
    expect(rows).toEqual([{ empresa: 1, acao: 'pessoa.senha_alterada', endereco: someone.address, linha: expect.any(String) }]);
    expect(rows[0].linha).not.toMatch(/scrypt|Girassol|Atendente@123/);
  });
});
