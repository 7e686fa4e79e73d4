import { LOGOUT_TEXT, PROPOSAL_STATUSES, ROLE } from '@consig/shared/contracts';
import { WS_CLOSE_UNAUTHORIZED } from '@consig/shared/contracts';
import { startTestApp, type TestApp } from './harness';
import { ROLE_CHANGED_REASON, SESSION_ENDED_REASON } from '../src/realtime/sessionWatch';
import { authenticate, closeOf, wsClients, type WsClient } from './wsClient';

/**
 * A token is signed for 12 hours, but the person behind it can be deleted, deactivated, demoted or
 * moved to another company in the meantime. Each of those must take effect on the old token's next
 * request. Every test changes the person straight in the database, as an administrator would.
 *
 * Each test works on people of its own, created here and first used AFTER the change: the bearer hook
 * may reuse a lookup of a person for up to 2 seconds (src/auth/authenticate.ts), which these tests
 * must not depend on either way.
 */
const EXPIRED = { status: 401, body: { success: false, text: 'Sessão expirada ou inválida. Entre novamente.' } };
const INVALID_CREDENTIALS = { status: 401, body: { success: false, text: 'E-mail ou senha inválidos.' } };
const PASSWORD = 'Atendente@123';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

let serial = 0;
const signIn = (email: string) =>
  t.call('POST', '/lnk/token', { body: { EM_Email: email, PW_Senha: PASSWORD }, headers: { 'x-forwarded-for': '10.9.0.1' } });

/** A new person (password Atendente@123), signed in: their id, e-mail and token. */
async function newPerson(role: number, company = 1) {
  serial += 1;
  const email = `revogacao${serial}@demo.com.br`;
  const [{ id }] = await t.db.query<{ id: number }>(
    `insert into pessoa (id_empresa, em_email, pw_senha, de_pessoa, id_funcao)
     select $1, $2, pw_senha, $3, $4 from pessoa where em_email = 'atendente@demo.com.br'
     returning id_pessoa as id`,
    [company, email, `Pessoa de teste ${serial}`, role],
  );
  const { status, body } = await signIn(email);
  if (status !== 200) throw new Error(`sign-in of ${email}: ${status} ${JSON.stringify(body)}`);
  return { id, email, token: body.token as string };
}

const get = (path: string, token: string) => t.call('GET', path, { token });
const readPaths = ['/atendente/status', '/atendente/lead', '/atendente', '/cadastro/campanhas', '/crm/proposta/status'];

describe('an old token after its person changed', () => {
  it("keeps working while the person is unchanged (the tests' control)", async () => {
    const { token } = await newPerson(ROLE.SUPERVISOR);
    for (const path of readPaths) expect((await get(path, token)).status).toBe(200);
  });

  it('is refused with 401 once the person is deleted', async () => {
    const { id, token } = await newPerson(ROLE.SUPERVISOR);
    await t.db.query('delete from pessoa where id_pessoa = $1', [id]);
    for (const path of readPaths) expect(await get(path, token)).toEqual(EXPIRED);
    expect(await t.call('PUT', '/atendente/tabular', { token, body: { ID_Status: 202 } })).toEqual(EXPIRED);
  });

  it('is refused with 401 once the person is deactivated, and they cannot sign in again', async () => {
    const { id, email, token } = await newPerson(ROLE.GERENTE);
    await t.db.query('update pessoa set sn_ativo = 0 where id_pessoa = $1', [id]);
    for (const path of readPaths) expect(await get(path, token)).toEqual(EXPIRED);
    expect(await signIn(email)).toEqual(INVALID_CREDENTIALS);
  });

  it("is refused with 401 once the person moved to another company: neither company's data", async () => {
    const { id, token } = await newPerson(ROLE.SUPERVISOR);
    await t.db.query('update pessoa set id_empresa = 2 where id_pessoa = $1', [id]);
    for (const path of readPaths) expect(await get(path, token)).toEqual(EXPIRED);
  });

  it('applies a demotion at once: a former supervisor sees only their own leads and proposals', async () => {
    const demoted = await newPerson(ROLE.SUPERVISOR);
    const control = await newPerson(ROLE.SUPERVISOR);
    await t.db.query('update pessoa set id_funcao = $2 where id_pessoa = $1', [demoted.id, ROLE.ATENDENTE]);

    const companyLeads = (await get('/atendente/lead', control.token)).body.data;
    expect(companyLeads.length).toBeGreaterThan(0);
    expect((await get('/atendente/lead', demoted.token)).body).toEqual({ success: true, text: 'Sem leads no momento.', data: [] });

    const companyCounts = (await get('/crm/proposta/status', control.token)).body.data;
    expect(companyCounts.some((s: { NU_Quantidade: number }) => s.NU_Quantidade > 0)).toBe(true);
    const zeros = PROPOSAL_STATUSES.map((s) => ({ ID_Status: s.StatusID, DE_Status: s.DE_Status, NU_Quantidade: 0 }));
    expect((await get('/crm/proposta/status', demoted.token)).body.data).toEqual(zeros);
  });

  it('applies a promotion at once too: a former attendant sees the whole company', async () => {
    const promoted = await newPerson(ROLE.ATENDENTE);
    const control = await newPerson(ROLE.GERENTE);
    await t.db.query('update pessoa set id_funcao = $2 where id_pessoa = $1', [promoted.id, ROLE.GERENTE]);
    const companyLeads = (await get('/atendente/lead', control.token)).body;
    expect((await get('/atendente/lead', promoted.token)).body).toEqual(companyLeads);
    expect(companyLeads.data.length).toBeGreaterThan(0);
  });
});

describe('an old token on the realtime socket', () => {
  const clients = wsClients();
  afterEach(() => clients.closeAll());

  it('is refused with 4401 once the person is deactivated, like on every HTTP route', async () => {
    const { id, token } = await newPerson(ROLE.ATENDENTE);
    await t.db.query('update pessoa set sn_ativo = 0 where id_pessoa = $1', [id]);
    const client = await clients.connect(t, '10.9.1.1');
    client.socket.send(token);
    expect((await closeOf(client)).code).toBe(WS_CLOSE_UNAUTHORIZED);
  });
});

describe("'Sair' on the server (POST /lnk/sair)", () => {
  const logout = (token?: string) => t.call('POST', '/lnk/sair', { token });

  it('kills the token at once: a copy of it gets 401 everywhere, and cannot end its session twice', async () => {
    const { token } = await newPerson(ROLE.SUPERVISOR);
    expect(await logout(token)).toEqual({ status: 200, body: { success: true, text: LOGOUT_TEXT } });
    expect(LOGOUT_TEXT).toBe('Sessão encerrada.');
    for (const path of readPaths) expect(await get(path, token)).toEqual(EXPIRED);
    expect(await logout(token)).toEqual(EXPIRED);
  });

  it("ends that session only: the person's other sign-ins (another tab, another desk) keep working", async () => {
    const { email, token } = await newPerson(ROLE.ATENDENTE);
    const other = (await signIn(email)).body.token as string;
    await logout(token);
    expect((await get('/atendente/status', other)).status).toBe(200);
    expect(await get('/atendente/status', token)).toEqual(EXPIRED);
  });

  it('answers 401 without a token', async () => {
    expect(await logout()).toEqual(EXPIRED);
  });
});

describe('reactivation', () => {
  it('never revives the tokens a person had before being deactivated', async () => {
    const { id, email, token } = await newPerson(ROLE.SUPERVISOR);
    await t.db.query('update pessoa set sn_ativo = 0 where id_pessoa = $1', [id]);
    await t.db.query('update pessoa set sn_ativo = 1 where id_pessoa = $1', [id]);
    for (const path of readPaths) expect(await get(path, token)).toEqual(EXPIRED);
    const fresh = (await signIn(email)).body.token as string;
    expect((await get('/atendente/status', fresh)).status).toBe(200);
  });

  it('never revives them after a move to another company and back either', async () => {
    const { id, token } = await newPerson(ROLE.SUPERVISOR);
    await t.db.query('update pessoa set id_empresa = 2 where id_pessoa = $1', [id]);
    await t.db.query('update pessoa set id_empresa = 1 where id_pessoa = $1', [id]);
    expect(await get('/atendente/status', token)).toEqual(EXPIRED);
  });
});

/**
 * An open socket follows its session (src/realtime/sessionWatch.ts): closed with 4401 and a Portuguese reason
 * within 5 s of 'Sair', a deactivation or a demotion; the server checks every 2 s.
 */
describe('an open realtime socket after its session changed', () => {
  const clients = wsClients();
  afterEach(() => clients.closeAll());

  /** A new person of `role` with a signed-in socket, and a control socket of another person that must stay open. */
  async function openSockets(role: number, address: string): Promise<{ id: number; token: string; socket: WsClient; control: WsClient }> {
    const person = await newPerson(role);
    const other = await newPerson(role);
    const socket = await clients.connect(t, address);
    await authenticate(socket, person, t);
    const control = await clients.connect(t, address);
    await authenticate(control, other, t);
    return { ...person, socket, control };
  }

  it("is closed within 5 s of 'Sair', with its reason", async () => {
    const { token, socket, control } = await openSockets(ROLE.ATENDENTE, '10.9.2.1');
    await t.call('POST', '/lnk/sair', { token });
    expect(await closeOf(socket, 5_000)).toEqual({ code: WS_CLOSE_UNAUTHORIZED, reason: SESSION_ENDED_REASON });
    expect(SESSION_ENDED_REASON).toBe('Sua sessão foi encerrada. Entre novamente.');
    expect(control.isClosed()).toBe(false);
  });

  it('is closed within 5 s of the person being deactivated', async () => {
    const { id, socket, control } = await openSockets(ROLE.SUPERVISOR, '10.9.2.2');
    await t.db.query('update pessoa set sn_ativo = 0 where id_pessoa = $1', [id]);
    expect(await closeOf(socket, 5_000)).toEqual({ code: WS_CLOSE_UNAUTHORIZED, reason: SESSION_ENDED_REASON });
    expect(control.isClosed()).toBe(false);
  });

  it('is closed within 5 s of the person being demoted, saying their role changed', async () => {
    const { id, socket, control } = await openSockets(ROLE.SUPERVISOR, '10.9.2.3');
    await t.db.query('update pessoa set id_funcao = $2 where id_pessoa = $1', [id, ROLE.ATENDENTE]);
    expect(await closeOf(socket, 5_000)).toEqual({ code: WS_CLOSE_UNAUTHORIZED, reason: ROLE_CHANGED_REASON });
    expect(ROLE_CHANGED_REASON).toBe('Seu perfil de acesso mudou. Entre novamente.');
    expect(control.isClosed()).toBe(false);
  });
});

describe('sign-in of inactive people', () => {
  it("answers a deactivated person's right password like a wrong one", async () => {
    const { id, email } = await newPerson(ROLE.ATENDENTE);
    await t.db.query('update pessoa set sn_ativo = 0 where id_pessoa = $1', [id]);
    expect(await signIn(email)).toEqual(INVALID_CREDENTIALS);
    await t.db.query('update pessoa set sn_ativo = 1 where id_pessoa = $1', [id]);
    expect((await signIn(email)).status).toBe(200);
  });
});
