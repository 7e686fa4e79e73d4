import { PEOPLE_TEXT, ROLE, WS_CLOSE_UNAUTHORIZED } from '@consig/shared/contracts';
import { verifyPassword } from '../src/auth/password';
import { DEMO_QUEUE } from '../src/db/demoData';
import { SESSION_ENDED_REASON } from '../src/realtime/sessionWatch';
import { eventually, eventuallyPasses } from './eventually';
import { useSignedInDemoApp } from './harness';
import { upcoming } from './upcoming';
import { authenticate, closeOf, wsClients } from './wsClient';

// The queue hands out clients only inside the calling window: the app's clock is the next working Wednesday, 10:00.
const clock = { now: upcoming(3, 10) };
const demo = useSignedInDemoApp({ clock: () => clock.now });

const MANAGER = 'gerente@demo.com.br';
const SUPERVISOR = 'supervisor@demo.com.br';
const ATTENDANT = 'atendente@demo.com.br';
const OTHER_COMPANY = 'atendente@outra.com.br';

const EXPIRED = { status: 401, body: { success: false, text: 'Sessão expirada ou inválida. Entre novamente.' } };
const FORBIDDEN = { status: 403, body: { success: false, text: 'Você não tem permissão para esta ação.' } };
const ATTENDANTS_ONLY = { status: 403, body: { success: false, text: PEOPLE_TEXT.attendantsOnly } };
const NOT_FOUND = { status: 404, body: { success: false, text: PEOPLE_TEXT.notFound } };
const INVALID_CREDENTIALS = { status: 401, body: { success: false, text: 'E-mail ou senha inválidos.' } };
/** The address the manager's requests come from (the test app trusts X-Forwarded-For): the audit keeps it. */
const MANAGER_ADDRESS = '10.22.0.1';
const TEMPORARY_PASSWORD = /^[a-hj-km-np-z2-9]{4}(-[a-hj-km-np-z2-9]{4}){3}$/;

type Body = Record<string, unknown>;
const as = (email: string, method: string, path: string, body?: unknown) =>
  demo.app.call(method, path, { token: demo.tokens[email], body, headers: { 'x-forwarded-for': MANAGER_ADDRESS } });
const withToken = (token: string | undefined, method: string, path: string, body?: unknown) => demo.app.call(method, path, { token, body });

let serial = 0;
/** A valid form of a new attendant without telephony, with `change` applied. */
function form(change: Body = {}): Body {
  serial += 1;
  return {
    DE_Pessoa: `Pessoa de Teste ${serial}`,
    EM_Email: `pessoa${serial}@demo.com.br`,
    ID_Funcao: ROLE.ATENDENTE,
    SN_Telefonia: 0,
    ...change,
  };
}

const create = (change: Body = {}, by = MANAGER) => as(by, 'POST', '/cadastros/pessoas', form(change));
const personPath = (id: number, action = '') => `/cadastros/pessoas/${id}${action ? `/${action}` : ''}`;
const signIn = (email: string, password: string) =>
  demo.app.call('POST', '/lnk/token', { body: { EM_Email: email, PW_Senha: password }, headers: { 'x-forwarded-for': '10.22.9.9' } });

async function idOf(email: string): Promise<number> {
  const [row] = await demo.app.db.query<{ id: number }>('select id_pessoa as id from pessoa where em_email = $1', [email]);
  return row.id;
}
async function column<T>(id: number, name: string): Promise<T> {
  const [row] = await demo.app.db.query<{ value: T }>(`select ${name} as value from pessoa where id_pessoa = $1`, [id]);
  return row.value;
}
async function auditRows(action: string, personId: number) {
  return demo.app.db.query<{ actor: number; address: string; detail: Body; before: Body | null; after: Body | null }>(
    `select id_pessoa as actor, de_endereco as address, js_detalhe as detail, js_antes as before, js_depois as after
       from auditoria where tp_acao = $1 and (js_antes ->> 'ID_Pessoa' = $2 or js_depois ->> 'ID_Pessoa' = $2 or js_detalhe ->> 'ID_Pessoa' = $2)
      order by id_auditoria`,
    [action, String(personId)],
  );
}

/**
 * A new attendant, created by the manager and signed in as if they had already chosen their own password (the
 * change itself is the sign-in's business, src/auth): their id, e-mail, password and token.
 */
async function signedInAttendant(change: Body = {}) {
  const { body } = await create(change);
  const { ID_Pessoa: id, EM_Email: email, PW_Temporaria: password } = body.data;
  await demo.app.db.query('update pessoa set sn_trocar_senha = 0 where id_pessoa = $1', [id]);
  const signed = await signIn(email, password);
  expect(signed.status).toBe(200);
  return { id: id as number, email: email as string, password: password as string, token: signed.body.token as string };
}

describe('creating a person (POST /cadastros/pessoas)', () => {
  it('gives a person with telephony the lowest free extension of 1000–9999, in every company (one SIP realm)', async () => {
    // The demo attendants have 1001 and 1002.
    const first = await create({ SN_Telefonia: 1 });
    expect(first.status).toBe(200);
    expect(first.body.data.NU_Ramal).toBe('1000');
    expect((await create({ SN_Telefonia: 1, NU_Ramal: null })).body.data.NU_Ramal).toBe('1003');
    expect((await create({ SN_Telefonia: 0 })).body.data.NU_Ramal).toBeNull();
    expect((await create({ SN_Telefonia: 1, NU_Ramal: '' })).body.data.NU_Ramal).toBe('1004');
  });

  it('answers the row and a temporary password shown once: only its hash is kept, it signs in, and must be changed', async () => {
    const supervisorId = await idOf(SUPERVISOR);
    const { status, body } = await create({
      DE_Pessoa: '  Fernanda Nogueira ',
      EM_Email: ' Fernanda.Nogueira@Demo.com.br ',
      SN_Telefonia: 1,
      NU_Ramal: '2345',
      ID_Supervisor: supervisorId,
    });
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      text: 'Pessoa cadastrada: Fernanda Nogueira. Anote a senha temporária: ela não será mostrada de novo.',
      data: {
        ID_Pessoa: expect.any(Number),
        DE_Pessoa: 'Fernanda Nogueira',
        EM_Email: 'fernanda.nogueira@demo.com.br',
        ID_Funcao: ROLE.ATENDENTE,
        DE_Funcao: 'Atendente',
        SN_Telefonia: 1,
        NU_Ramal: '2345',
        SN_Ativo: 1,
        SN_TrocarSenha: 1,
        ID_Supervisor: supervisorId,
        DE_Supervisor: 'Carla Mendes',
        PW_Temporaria: expect.stringMatching(TEMPORARY_PASSWORD),
      },
    });
    const { ID_Pessoa: id, PW_Temporaria: password } = body.data;
    const stored = await column<string>(id, 'pw_senha');
    expect(stored).not.toContain(password);
    expect(await verifyPassword(password, stored)).toBe(true);
    expect(await column<number>(id, 'sn_trocar_senha')).toBe(1);
    expect(await column<number>(id, 'id_empresa')).toBe(1);

    const signed = await signIn('fernanda.nogueira@demo.com.br', password);
    expect(signed.status).toBe(200);
    expect(signed.body.token).toEqual(expect.any(String));
    // Still to be changed: signing in is not choosing one's own password.
    expect(await column<number>(id, 'sn_trocar_senha')).toBe(1);

    // The list shows the person; nothing shows the password again.
    const { PW_Temporaria: _, ...row } = body.data;
    expect((await as(MANAGER, 'GET', '/cadastros/pessoas?q=fernanda')).body.data).toEqual([row]);
  });

  it('records the creation in the audit: who, from where, the values after, never the password or its hash', async () => {
    const { body } = await create({ DE_Pessoa: 'Gustavo Prado' });
    const [row] = await auditRows('pessoa.criacao', body.data.ID_Pessoa);
    const { PW_Temporaria: password, ...person } = body.data;
    expect(row).toEqual({ actor: await idOf(MANAGER), address: MANAGER_ADDRESS, detail: {}, before: null, after: person });
    const everything = JSON.stringify(await demo.app.db.query('select * from auditoria'));
    expect(everything).not.toContain(password);
    expect(everything).not.toContain('scrypt$');
  });

  it('refuses an e-mail someone has, in any case and in any company, and an extension someone has', async () => {
    const { body } = await create();
    const taken = { status: 409, body: { success: false, text: 'Já existe uma pessoa com este e-mail.' } };
    expect(PEOPLE_TEXT.emailTaken).toBe('Já existe uma pessoa com este e-mail.');
    expect(await create({ EM_Email: body.data.EM_Email.toUpperCase() })).toEqual(taken);
    expect(await create({ EM_Email: OTHER_COMPANY })).toEqual(taken);
    const extension = { status: 409, body: { success: false, text: 'Este ramal já está em uso.' } };
    expect(await create({ SN_Telefonia: 1, NU_Ramal: '1001' })).toEqual(extension);
    // 2001 is free: the other company's attendant has no extension.
    expect((await create({ SN_Telefonia: 1, NU_Ramal: '2001' })).status).toBe(200);
    expect(await create({ SN_Telefonia: 0, NU_Ramal: '2001' })).toEqual(extension);
  });

  it('refuses invalid fields with a Portuguese text naming the field, and creates nothing', async () => {
    const before = (await demo.app.db.query('select count(*)::int as n from pessoa'))[0];
    const cases: [Body, string][] = [
      [{ DE_Pessoa: '   ' }, 'DE_Pessoa: Informe o nome.'],
      [{ DE_Pessoa: undefined }, 'DE_Pessoa: Informe o nome.'],
      [{ DE_Pessoa: 'x'.repeat(101) }, 'DE_Pessoa: Use no máximo 100 caracteres.'],
      [{ EM_Email: 'sem-arroba' }, 'EM_Email: Email inválido.'],
      [{ EM_Email: undefined }, 'EM_Email: Email inválido.'],
      [{ ID_Funcao: 14 }, 'ID_Funcao: Selecione uma função: Atendente (11), Supervisor (12) ou Gerente (13).'],
      [{ ID_Funcao: '11' }, 'ID_Funcao: Selecione uma função: Atendente (11), Supervisor (12) ou Gerente (13).'],
      [{ SN_Telefonia: 2 }, 'SN_Telefonia: Use 1 (com telefonia) ou 0 (sem telefonia).'],
      [{ SN_Telefonia: 1, NU_Ramal: '12a4' }, 'NU_Ramal: Ramal inválido: use de 3 a 6 dígitos.'],
      [{ SN_Telefonia: 1, NU_Ramal: '12' }, 'NU_Ramal: Ramal inválido: use de 3 a 6 dígitos.'],
      [{ SN_Telefonia: 1, NU_Ramal: '1234567' }, 'NU_Ramal: Ramal inválido: use de 3 a 6 dígitos.'],
      [{ ID_Supervisor: 0 }, 'ID_Supervisor: Supervisor inválido.'],
      [{ ID_Supervisor: await idOf(ATTENDANT) }, `ID_Supervisor: ${PEOPLE_TEXT.supervisorNotFound}`],
      [{ ID_Supervisor: await idOf(OTHER_COMPANY) }, `ID_Supervisor: ${PEOPLE_TEXT.supervisorNotFound}`],
      [{ ID_Supervisor: 99_999_999 }, `ID_Supervisor: ${PEOPLE_TEXT.supervisorNotFound}`],
    ];
    for (const [change, text] of cases) {
      expect({ change, answer: await create(change) }).toEqual({ change, answer: { status: 400, body: { success: false, text } } });
    }
    expect(PEOPLE_TEXT.supervisorNotFound).toBe('Escolha como supervisor um supervisor ou gerente ativo da empresa.');
    expect((await demo.app.db.query('select count(*)::int as n from pessoa'))[0]).toEqual(before);
  });

  it('lets a supervisor create attendants only', async () => {
    const attendant = await create({}, SUPERVISOR);
    expect(attendant.status).toBe(200);
    expect(attendant.body.data).toMatchObject({ ID_Funcao: ROLE.ATENDENTE, SN_TrocarSenha: 1 });
    expect(await create({ ID_Funcao: ROLE.SUPERVISOR }, SUPERVISOR)).toEqual(ATTENDANTS_ONLY);
    expect(await create({ ID_Funcao: ROLE.GERENTE }, SUPERVISOR)).toEqual(ATTENDANTS_ONLY);
    expect(PEOPLE_TEXT.attendantsOnly).toBe('Supervisores cadastram e alteram apenas atendentes.');
    // A manager creates any role.
    expect((await create({ ID_Funcao: ROLE.GERENTE })).body.data).toMatchObject({ ID_Funcao: ROLE.GERENTE, DE_Funcao: 'Gerente' });
  });
});

describe('the list (GET /cadastros/pessoas)', () => {
  beforeAll(async () => {
    await create({ DE_Pessoa: 'Zélia Lista', EM_Email: 'zelia.lista@demo.com.br', SN_Telefonia: 1 });
    await create({ DE_Pessoa: 'Abel Lista', EM_Email: 'abel.lista@demo.com.br', ID_Funcao: ROLE.SUPERVISOR });
    const { body } = await create({ DE_Pessoa: 'Beatriz Lista', EM_Email: 'beatriz.lista@demo.com.br' });
    await as(MANAGER, 'POST', personPath(body.data.ID_Pessoa, 'desativar'));
  });
  const names = async (query: string, by = MANAGER) => {
    const { status, body } = await as(by, 'GET', `/cadastros/pessoas${query}`);
    expect(status).toBe(200);
    return (body.data as { DE_Pessoa: string }[]).map((p) => p.DE_Pessoa);
  };

  it("lists the caller's company only, by name", async () => {
    const { body } = await as(MANAGER, 'GET', '/cadastros/pessoas');
    const all = (body.data as { DE_Pessoa: string }[]).map((p) => p.DE_Pessoa);
    // Names that differ in their first letters: in this order under any collation.
    const known = [
      'Abel Lista',
      'Ana Paula Souza',
      'Beatriz Lista',
      'Bruno Henrique Lima',
      'Camila Torres',
      'Carla Mendes',
      'Daniel Rocha',
    ];
    expect(all.filter((name) => known.includes(name))).toEqual(known);
    expect(all).not.toContain('Eduarda Alves');
    expect(body.text).toBe(`${all.length} pessoa(s).`);
    // The supervisor sees the same list.
    expect(await names('', SUPERVISOR)).toEqual(all);
  });

  it('searches the name or the e-mail, in any case, and filters by role, active and telephony', async () => {
    expect(await names('?q=LISTA')).toEqual(['Abel Lista', 'Beatriz Lista', 'Zélia Lista']);
    expect(await names('?q=zelia.lista%40')).toEqual(['Zélia Lista']);
    expect(await names('?q=lista&ID_Funcao=12')).toEqual(['Abel Lista']);
    expect(await names('?q=lista&SN_Ativo=0')).toEqual(['Beatriz Lista']);
    expect(await names('?q=lista&SN_Ativo=1&SN_Telefonia=1')).toEqual(['Zélia Lista']);
    expect(await names('?q=ninguem-com-este-nome')).toEqual([]);
    expect(await names('?q=Eduarda')).toEqual([]);
  });

  it('refuses invalid filters with a Portuguese text', async () => {
    expect(await as(MANAGER, 'GET', '/cadastros/pessoas?SN_Ativo=2')).toEqual({
      status: 400,
      body: { success: false, text: 'SN_Ativo: Use 0 ou 1.' },
    });
    expect((await as(MANAGER, 'GET', '/cadastros/pessoas?ID_Funcao=14')).body.text).toBe('ID_Funcao: Use 11, 12 ou 13.');
    expect((await as(MANAGER, 'GET', `/cadastros/pessoas?q=${'a'.repeat(101)}`)).body.text).toBe('q: Use no máximo 100 caracteres.');
  });
});

describe('editing a person (PUT /cadastros/pessoas/{ID_Pessoa})', () => {
  it('changes the whole form and records the values before and after', async () => {
    const { body: created } = await create({ SN_Telefonia: 1 });
    const { PW_Temporaria: _, ...before } = created.data;
    const id = before.ID_Pessoa;
    const supervisorId = await idOf(SUPERVISOR);
    const change = form({ DE_Pessoa: 'Nome Novo', ID_Supervisor: supervisorId, SN_Telefonia: 1 });
    const { status, body } = await as(MANAGER, 'PUT', personPath(id), change);
    expect(status).toBe(200);
    // With telephony on and no NU_Ramal, the person keeps the extension they had.
    expect(body).toEqual({
      success: true,
      text: 'Cadastro alterado: Nome Novo.',
      data: {
        ...before,
        DE_Pessoa: 'Nome Novo',
        EM_Email: change.EM_Email,
        ID_Supervisor: supervisorId,
        DE_Supervisor: 'Carla Mendes',
      },
    });
    const [audit] = await auditRows('pessoa.edicao', id);
    expect(audit).toEqual({ actor: await idOf(MANAGER), address: MANAGER_ADDRESS, detail: {}, before, after: body.data });

    // Another extension, then telephony off: no extension.
    expect((await as(MANAGER, 'PUT', personPath(id), { ...change, NU_Ramal: '4567' })).body.data.NU_Ramal).toBe('4567');
    expect((await as(MANAGER, 'PUT', personPath(id), { ...change, SN_Telefonia: 0 })).body.data).toMatchObject({
      SN_Telefonia: 0,
      NU_Ramal: null,
    });
    // Its own e-mail is no conflict; someone else's is.
    expect((await as(MANAGER, 'PUT', personPath(id), change)).status).toBe(200);
    expect(await as(MANAGER, 'PUT', personPath(id), { ...change, EM_Email: ATTENDANT })).toEqual({
      status: 409,
      body: { success: false, text: PEOPLE_TEXT.emailTaken },
    });
    expect(await as(MANAGER, 'PUT', personPath(id), { ...change, ID_Supervisor: id })).toEqual({
      status: 400,
      body: { success: false, text: 'ID_Supervisor: Uma pessoa não pode ser supervisora de si mesma.' },
    });
  });

  it('applies a promotion at once, and a supervisor may neither promote an attendant nor edit a supervisor or manager', async () => {
    const attendant = await signedInAttendant();
    const edit = (by: string, id: number, change: Body) => as(by, 'PUT', personPath(id), form(change));
    expect((await edit(SUPERVISOR, attendant.id, { ID_Funcao: ROLE.ATENDENTE })).status).toBe(200);
    expect(await edit(SUPERVISOR, attendant.id, { ID_Funcao: ROLE.SUPERVISOR })).toEqual(ATTENDANTS_ONLY);
    expect(await edit(SUPERVISOR, await idOf(MANAGER), { ID_Funcao: ROLE.GERENTE })).toEqual(ATTENDANTS_ONLY);
    expect(await edit(SUPERVISOR, await idOf(SUPERVISOR), { ID_Funcao: ROLE.SUPERVISOR })).toEqual(ATTENDANTS_ONLY);
    expect(await column<number>(attendant.id, 'id_funcao')).toBe(ROLE.ATENDENTE);

    // The manager promotes them: the next request already sees a supervisor (the 2 s session cache aside).
    expect((await edit(MANAGER, attendant.id, { ID_Funcao: ROLE.SUPERVISOR })).body.data.DE_Funcao).toBe('Supervisor');
    await eventuallyPasses(async () => expect((await withToken(attendant.token, 'GET', '/cadastros/pessoas')).status).toBe(200));
  });

  it('refuses to change one’s own role, and allows the rest of one’s own form', async () => {
    const me = await idOf(MANAGER);
    const mine = { DE_Pessoa: 'Daniel Rocha', EM_Email: MANAGER, ID_Funcao: ROLE.GERENTE, SN_Telefonia: 0 };
    expect(await as(MANAGER, 'PUT', personPath(me), { ...mine, ID_Funcao: ROLE.SUPERVISOR })).toEqual({
      status: 400,
      body: { success: false, text: 'Você não pode mudar a sua própria função.' },
    });
    expect((await as(MANAGER, 'PUT', personPath(me), mine)).status).toBe(200);
    expect(await column<number>(me, 'id_funcao')).toBe(ROLE.GERENTE);
  });
});

describe('who may call the people endpoints', () => {
  let someone: number;
  beforeAll(async () => {
    someone = (await create()).body.data.ID_Pessoa;
  });
  const endpoints = (id: number): [string, string, unknown][] => [
    ['GET', '/cadastros/pessoas', undefined],
    ['POST', '/cadastros/pessoas', form()],
    ['PUT', personPath(id), form()],
    ['POST', personPath(id, 'desativar'), undefined],
    ['POST', personPath(id, 'reativar'), undefined],
    ['POST', personPath(id, 'senha-temporaria'), undefined],
  ];
  const byId = (id: number) => endpoints(id).slice(2);

  it('answers 401 without a token, or with a made-up one', async () => {
    for (const [method, path, body] of endpoints(someone)) {
      expect({ path, answer: await withToken(undefined, method, path, body) }).toEqual({ path, answer: EXPIRED });
      expect({ path, answer: await withToken('x.y.z', method, path, body) }).toEqual({ path, answer: EXPIRED });
    }
  });

  it('answers 403 to an attendant on every endpoint, and changes nothing', async () => {
    for (const [method, path, body] of endpoints(someone)) {
      expect({ path, answer: await as(ATTENDANT, method, path, body) }).toEqual({ path, answer: FORBIDDEN });
    }
    expect(await column<number>(someone, 'sn_ativo')).toBe(1);
  });

  it('answers 403 to a supervisor on a supervisor or a manager, themself included', async () => {
    for (const target of [MANAGER, SUPERVISOR]) {
      const id = await idOf(target);
      for (const [method, path] of byId(id)) {
        const body = method === 'PUT' ? form({ ID_Funcao: ROLE.ATENDENTE }) : undefined;
        expect({ path, answer: await as(SUPERVISOR, method, path, body) }).toEqual({ path, answer: ATTENDANTS_ONLY });
      }
      expect(await column<number>(id, 'sn_ativo')).toBe(1);
    }
  });

  it("answers 404 for another company's person and an unknown id, to managers and supervisors alike", async () => {
    for (const id of [await idOf(OTHER_COMPANY), 99_999_999]) {
      for (const by of [MANAGER, SUPERVISOR]) {
        for (const [method, path, body] of byId(id)) {
          expect({ by, path, answer: await as(by, method, path, body) }).toEqual({ by, path, answer: NOT_FOUND });
        }
      }
    }
    expect(await column<number>(await idOf(OTHER_COMPANY), 'sn_ativo')).toBe(1);
    expect((await as(MANAGER, 'PUT', '/cadastros/pessoas/abc', form())).body.text).toBe('ID_Pessoa: Identificador inválido.');
  });
});

describe('deactivation (POST /cadastros/pessoas/{ID_Pessoa}/desativar) and reactivation', () => {
  const clients = wsClients();
  afterAll(() => clients.closeAll());

  const queueRow = async (clientId: number) =>
    (
      await demo.app.db.query<{ state: string; kind: string; holder: number | null; attempts: number }>(
        `select f.co_estado as state, f.co_tipo as kind, f.id_atendente as holder, f.nu_tentativas as attempts
           from fila f join campanha k on k.id_campanha = f.id_campanha
          where f.id_cliente = $1 and k.co_campanha = $2`,
        [clientId, DEMO_QUEUE.campaignCode],
      )
    )[0];
  const floorState = async (id: number) =>
    (await demo.app.db.query<{ state: string }>('select co_estado as state from atendente_estado where id_pessoa = $1', [id]))[0]?.state;

  it('revokes everything at once: HTTP, the open socket, the held client back in the queue, the callbacks released, offline', async () => {
    const leaving = await signedInAttendant();
    const colleague = await signedInAttendant();
    const [{ campaignId }] = await demo.app.db.query<{ campaignId: number }>(
      'select id_campanha as "campaignId" from campanha where id_empresa = 1 and co_campanha = $1',
      [DEMO_QUEUE.campaignCode],
    );
    const selected = await as(SUPERVISOR, 'POST', '/cadastro/campanha/atendentes', {
      ID_Campanha: campaignId,
      atendentes: [leaving, colleague].map((p) => ({ ID_Atendente: p.id, SN_Selecionado: 1 })),
    });
    expect(selected.status).toBe(200);

    // On the floor with a socket open: available.
    const socket = await clients.connect(demo.app, '10.22.1.1');
    await authenticate(socket, leaving, demo.app);
    await eventually(async () => (await floorState(leaving.id)) === 'disponivel');

    // A callback of theirs for later, and a client in their hands.
    const callbackClient = (await withToken(leaving.token, 'GET', '/crm/cliente/proximo')).body.data.cliente.ClienteID;
    const at = new Date(clock.now.getTime() + 2 * 3_600_000).toISOString();
    const outcome = await withToken(leaving.token, 'PUT', '/crm/tabulacao/cliente', {
      ID_Status: 305,
      ID_Cliente: callbackClient,
      DT_Retorno: at,
    });
    expect(outcome.status).toBe(200);
    const held = (await withToken(leaving.token, 'GET', '/crm/cliente/proximo')).body.data.cliente.ClienteID;
    expect(await queueRow(held)).toMatchObject({ state: 'em_atendimento', holder: leaving.id });
    expect(await queueRow(callbackClient)).toMatchObject({ state: 'aguardando', kind: 'retorno', holder: leaving.id });
    const before = (await as(MANAGER, 'GET', `/cadastros/pessoas?q=${encodeURIComponent(leaving.email)}`)).body.data[0];

    const { status, body } = await as(MANAGER, 'POST', personPath(leaving.id, 'desativar'));
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, text: `Pessoa desativada: ${before.DE_Pessoa}.`, data: { ...before, SN_Ativo: 0 } });

    // Committed with the answer: the client waits again (no attempt counted), the callback has no owner, offline.
    expect(await queueRow(held)).toEqual({ state: 'aguardando', kind: 'novo', holder: null, attempts: 0 });
    expect(await queueRow(callbackClient)).toMatchObject({ state: 'aguardando', kind: 'retorno', holder: null });
    expect(await floorState(leaving.id)).toBe('offline');
    // The socket closes within 5 s, the token is refused (within the 2 s the session lookup may be reused).
    expect(await closeOf(socket, 5_000)).toEqual({ code: WS_CLOSE_UNAUTHORIZED, reason: SESSION_ENDED_REASON });
    await eventuallyPasses(async () => expect(await withToken(leaving.token, 'GET', '/atendente/status')).toEqual(EXPIRED), 3_000);
    expect(await signIn(leaving.email, leaving.password)).toEqual(INVALID_CREDENTIALS);

    // Another attendant gets the client at once: the oldest waiting one again.
    const next = await withToken(colleague.token, 'GET', '/crm/cliente/proximo');
    expect(next.body.data.cliente.ClienteID).toBe(held);

    const [audit] = await auditRows('pessoa.desativacao', leaving.id);
    expect(audit).toEqual({
      actor: await idOf(MANAGER),
      address: MANAGER_ADDRESS,
      detail: { ID_ClientesDevolvidos: [held], NU_RetornosLiberados: 1 },
      before,
      after: { ...before, SN_Ativo: 0 },
    });

    expect(await as(MANAGER, 'POST', personPath(leaving.id, 'desativar'))).toEqual({
      status: 409,
      body: { success: false, text: 'Esta pessoa já está desativada.' },
    });

    // Reactivated: the old token stays dead, a new sign-in works.
    const back = await as(MANAGER, 'POST', personPath(leaving.id, 'reativar'));
    expect(back).toEqual({ status: 200, body: { success: true, text: `Pessoa reativada: ${before.DE_Pessoa}.`, data: before } });
    expect(await withToken(leaving.token, 'GET', '/atendente/status')).toEqual(EXPIRED);
    const fresh = await signIn(leaving.email, leaving.password);
    expect(fresh.status).toBe(200);
    expect((await withToken(fresh.body.token, 'GET', '/atendente/status')).status).toBe(200);
    const [reactivation] = await auditRows('pessoa.reativacao', leaving.id);
    expect(reactivation).toMatchObject({ address: MANAGER_ADDRESS, before: { SN_Ativo: 0 }, after: { SN_Ativo: 1 } });
    expect(await as(MANAGER, 'POST', personPath(leaving.id, 'reativar'))).toEqual({
      status: 409,
      body: { success: false, text: 'Esta pessoa já está ativa.' },
    });
  });

  it('lets a supervisor deactivate and reactivate an attendant', async () => {
    const attendant = await signedInAttendant();
    expect((await as(SUPERVISOR, 'POST', personPath(attendant.id, 'desativar'))).body.data.SN_Ativo).toBe(0);
    expect((await as(SUPERVISOR, 'POST', personPath(attendant.id, 'reativar'))).body.data.SN_Ativo).toBe(1);
  });

  it('refuses to deactivate oneself', async () => {
    expect(await as(MANAGER, 'POST', personPath(await idOf(MANAGER), 'desativar'))).toEqual({
      status: 400,
      body: { success: false, text: 'Você não pode desativar a si mesmo.' },
    });
    expect(await column<number>(await idOf(MANAGER), 'sn_ativo')).toBe(1);
  });
});

describe('a temporary password given by a manager (POST /cadastros/pessoas/{ID_Pessoa}/senha-temporaria)', () => {
  it('replaces the password, ends every session of the person, and must be changed at the next sign-in', async () => {
    const person = await signedInAttendant();
    const { status, body } = await as(MANAGER, 'POST', personPath(person.id, 'senha-temporaria'));
    expect(status).toBe(200);
    const name = await column<string>(person.id, 'de_pessoa');
    expect(body).toEqual({
      success: true,
      text: `Nova senha temporária de ${name}. Anote-a: ela não será mostrada de novo.`,
      data: { ID_Pessoa: person.id, PW_Temporaria: expect.stringMatching(TEMPORARY_PASSWORD) },
    });
    expect(await column<number>(person.id, 'sn_trocar_senha')).toBe(1);
    await eventuallyPasses(async () => expect(await withToken(person.token, 'GET', '/atendente/status')).toEqual(EXPIRED), 3_000);
    const [{ reason }] = await demo.app.db.query<{ reason: string }>(
      'select co_motivo as reason from sessao where id_pessoa = $1 order by ts_inicio desc limit 1',
      [person.id],
    );
    expect(reason).toBe('senha');
    expect(await signIn(person.email, person.password)).toEqual(INVALID_CREDENTIALS);
    expect((await signIn(person.email, body.data.PW_Temporaria)).status).toBe(200);

    const [audit] = await auditRows('pessoa.senha_redefinida', person.id);
    expect(audit).toEqual({
      actor: await idOf(MANAGER),
      address: MANAGER_ADDRESS,
      detail: { ID_Pessoa: person.id, NU_SessoesEncerradas: 1 },
      before: { SN_TrocarSenha: 0 },
      after: { SN_TrocarSenha: 1 },
    });
    expect(JSON.stringify(await demo.app.db.query('select * from auditoria'))).not.toContain(body.data.PW_Temporaria);
  });

  it("refuses one's own, an inactive person's, and a supervisor's on a manager", async () => {
    expect(await as(MANAGER, 'POST', personPath(await idOf(MANAGER), 'senha-temporaria'))).toEqual({
      status: 400,
      body: { success: false, text: PEOPLE_TEXT.ownPassword },
    });
    const { body } = await create();
    await as(MANAGER, 'POST', personPath(body.data.ID_Pessoa, 'desativar'));
    expect(await as(MANAGER, 'POST', personPath(body.data.ID_Pessoa, 'senha-temporaria'))).toEqual({
      status: 409,
      body: { success: false, text: 'Reative a pessoa antes de gerar uma senha temporária.' },
    });
    expect(await as(SUPERVISOR, 'POST', personPath(await idOf(MANAGER), 'senha-temporaria'))).toEqual(ATTENDANTS_ONLY);
    // A supervisor resets an attendant's.
    expect((await as(SUPERVISOR, 'POST', personPath((await create()).body.data.ID_Pessoa, 'senha-temporaria'))).status).toBe(200);
  });
});
