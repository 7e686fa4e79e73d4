import { deflateSync } from 'node:zlib';
import { ALERT_CLIENT_READS, type RealtimeAlert } from '@consig/shared/contracts';
import { saoPauloDate } from '@consig/shared/credit';
import { makeCpf } from '@consig/shared/format';
import { DEMO_CLIENTS, DEMO_USERS, type DemoClient } from '../src/db/demoData';
import { eventually } from './eventually';
import { decodeToken, demoClientId, startTestApp, useSignedInDemoApp, type TestApp } from './harness';
import { upcoming } from './upcoming';
import { authenticate, person, wsClients, type WsClient } from './wsClient';

// Issue 21 item 3 (docs/rules.md "Clients and lookups"): an attendant reads and changes only the clients they work
// (held from the queue, a callback, lead, proposal or call of theirs, or looked up today by the full CPF); any other
// client answers like another company's, 404. Supervisors and managers work the company's clients. Every read of a
// client's record is counted per person and São Paulo day; the read past the daily threshold alerts the managers.

// A working Wednesday at 10:00 in São Paulo, moved by hand to see a CPF lookup's grant end with its day.
const clock = { now: upcoming(3, 10) };
const demo = useSignedInDemoApp({ clock: () => clock.now });
const { tokens } = demo;

const FRESH = 'atendente3@demo.com.br'; // no lead, proposal, call or queue row in the demo data
const ATTENDANT = 'atendente@demo.com.br';
const ATTENDANT2 = 'atendente2@demo.com.br';
const SUPERVISOR = 'supervisor@demo.com.br';
const MANAGER = 'gerente@demo.com.br';
const OTHER_COMPANY = 'atendente@outra.com.br';

const byName = (name: string) => DEMO_CLIENTS.find((c) => c.name === name)!;
const ROSANGELA = byName('Rosângela Dias Freitas'); // company 1, nobody's lead or proposal
const MANOEL = byName('Manoel Messias Cardoso');
const FERNANDA = byName('Fernanda Gomes Pinto');
const MARLENE = byName('Marlene Batista Correia');
const EDSON = byName('Edson Arantes Melo');
const OSVALDO = byName('Osvaldo Pires Campos'); // company 2

const NOT_FOUND = { status: 404, body: { success: false, text: 'Cliente não encontrado.' } };
const UNAUTHORIZED = { status: 401, body: { success: false, text: 'Sessão expirada ou inválida. Entre novamente.' } };

type Answer = { status: number; body: unknown };
const call = (method: string, path: string, email: string | null, body?: unknown): Promise<Answer> =>
  demo.app.call(method, path, { token: email ? tokens[email] : undefined, body });
const get = (path: string, email: string | null) => call('GET', path, email);
/** A GET whose success is a file, not JSON (a refusal is still JSON, with its text). */
async function download(app: TestApp, path: string, token: string | undefined): Promise<Answer> {
  const response = await fetch(app.url + path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const isJson = response.headers.get('content-type')?.startsWith('application/json');
  return { status: response.status, body: isJson ? await response.json() : undefined };
}
const idOf = (email: string) => decodeToken(tokens[email]).pessoa.ID_Pessoa as number;
const clientId = (client: DemoClient) => demoClientId(demo.app.db, client);
const lookUp = (client: DemoClient, email: string) => get(`/crm/cliente/basico/${makeCpf(client.cpfBase)}`, email);
const record = (id: number, email: string | null) => get(`/crm/cliente/basicoPorID/${id}`, email);

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), deflateSync(Buffer.from('rg'))]);
const document = { ID_TipoDocumento: 1, NO_Arquivo: 'rg.png', TX_Base: `data:image/png;base64,${PNG.toString('base64')}` };
const ACCOUNT = { CO_Agencia: '1234', CO_ContaCorrente: '56789', CO_ContaCorrenteDV: '0' };

/** A client as the service screen holds it: its record, its INSS card and a document, read by `owner`, who works it. */
interface Target {
  id: number;
  owner: string;
  cliente: Record<string, unknown>;
  card: { OperacaoID: number; ID_TipoCredito: number; NU_Parcelas: number; VL_Parcela: string };
  documentId: number;
}
async function targetOf(client: DemoClient, owner: string): Promise<Target> {
  const id = await clientId(client);
  const cliente = ((await record(id, owner)).body as { data: { cliente: Record<string, unknown> } }).data.cliente;
  const cards = ((await get(`/crm/cliente/operacoes/${id}`, owner)).body as { data: Target['card'][] }).data;
  const card = cards.find((c) => c.ID_TipoCredito === 1)!;
  const uploaded = await call('POST', `/crm/cliente/${id}/documentos`, owner, document);
  return { id, owner, cliente, card, documentId: (uploaded.body as { data: { DocumentoID: number } }).data.DocumentoID };
}

let phoneSeq = 0;
/** A mobile number no client has yet. */
const freshPhone = () => `119${String(70_000_000 + ++phoneSeq)}`;

/** Every endpoint that answers or changes one client's data by its id, as `email` on `target`. */
const PROBES: { name: string; notFound?: string; send: (target: Target, email: string | null) => Promise<Answer> }[] = [
  { name: 'GET basicoPorID', send: (t, email) => record(t.id, email) },
  { name: 'GET telefones', send: (t, email) => get(`/crm/cliente/telefones/${t.id}`, email) },
  { name: 'PUT cliente', send: (t, email) => call('PUT', `/crm/cliente/${t.id}`, email, t.cliente) },
  {
    name: 'POST cadastro/telefone',
    send: (t, email) => call('POST', '/cadastro/telefone', email, { ClienteID: t.id, DE_Telefone: freshPhone() }),
  },
  { name: 'GET operacoes', send: (t, email) => get(`/crm/cliente/operacoes/${t.id}`, email) },
  {
    name: 'POST atualizaOperacao',
    notFound: 'Operação não encontrada.',
    send: (t, email) =>
      call('POST', '/crm/atualizaOperacao', email, {
        OperacaoID: t.card.OperacaoID,
        NU_Parcelas: t.card.NU_Parcelas,
        VL_Parcela: t.card.VL_Parcela,
      }),
  },
  { name: 'GET simulacao', send: (t, email) => get(`/crm/simulacao/${t.id}`, email) },
  {
    name: 'POST simulacao/enviar',
    send: (t, email) =>
      call('POST', '/crm/simulacao/enviar', email, { cliente: t.cliente, contratar: [{ ...t.card, SN_Selecionado: true, ...ACCOUNT }] }),
  },
  {
    name: 'POST proposta/0',
    send: (t, email) =>
      call('POST', '/crm/proposta/0', email, { cliente: t.cliente, contratar: [{ ...t.card, SN_Selecionado: true, ...ACCOUNT }] }),
  },
  { name: 'GET ligacoes', send: (t, email) => get(`/crm/cliente/${t.id}/ligacoes`, email) },
  { name: 'GET documentos', send: (t, email) => get(`/crm/cliente/${t.id}/documentos`, email) },
  { name: 'POST documentos', send: (t, email) => call('POST', `/crm/cliente/${t.id}/documentos`, email, document) },
  {
    name: 'GET documento',
    notFound: 'Documento não encontrado.',
    send: (t, email) => download(demo.app, `/crm/cliente/${t.id}/documentos/${t.documentId}`, email ? tokens[email] : undefined),
  },
  {
    name: 'DELETE documento',
    notFound: 'Documento não encontrado.',
    send: async (t, email) => {
      const uploaded = await call('POST', `/crm/cliente/${t.id}/documentos`, t.owner, document);
      return call(
        'DELETE',
        `/crm/cliente/${t.id}/documentos/${(uploaded.body as { data: { DocumentoID: number } }).data.DocumentoID}`,
        email,
      );
    },
  },
];

/** The answer of each probe, by name, with the status and the text (a file's answer has no JSON text). */
async function answersOf(target: Target, email: string | null) {
  const answers: Record<string, { status: number; text?: string }> = {};
  for (const probe of PROBES) {
    const { status, body } = await probe.send(target, email);
    answers[probe.name] = { status, text: (body as { text?: string } | undefined)?.text };
  }
  return answers;
}
const expected = (answer: (probe: (typeof PROBES)[number]) => { status: number; text?: string }) =>
  Object.fromEntries(PROBES.map((probe) => [probe.name, answer(probe)]));
/** Every probe answered 200 (a refused offer is a 200 too: the request reached the rules, past the access check). */
const ALL_ANSWERED = Object.fromEntries(PROBES.map((probe) => [probe.name, 200]));
const onlyStatus = (answers: Record<string, { status: number; text?: string }>) =>
  Object.fromEntries(Object.entries(answers).map(([name, { status }]) => [name, status]));

/** One proposal in progress per operation: cancelling the client's lets the next role register again. */
const cancelProposals = (id: number) =>
  demo.app.db.query('update proposta set id_status = 90 where id_cliente = $1 and id_status = 10', [id]);

/** Every row the probes may write for a client, to prove a refused request wrote nothing. */
const rowsOf = async (id: number) => ({
  client: await demo.app.db.query('select * from cliente where id_cliente = $1', [id]),
  phones: await demo.app.db.query('select * from telefone where id_cliente = $1 order by id_telefone', [id]),
  operations: await demo.app.db.query('select * from operacao where id_cliente = $1 order by id_operacao', [id]),
  proposals: await demo.app.db.query('select id_proposta, id_status from proposta where id_cliente = $1 order by id_proposta', [id]),
  simulations: await demo.app.db.query('select id_simulacao from simulacao where id_cliente = $1 order by id_simulacao', [id]),
  documents: await demo.app.db.query('select id_documento from cliente_documento where id_cliente = $1 order by id_documento', [id]),
});

let rosangela: Target;
let osvaldo: Target;
beforeAll(async () => {
  rosangela = await targetOf(ROSANGELA, SUPERVISOR);
  osvaldo = await targetOf(OSVALDO, OTHER_COMPANY); // Osvaldo is that attendant's lead
});

describe('endpoints that answer or change one client', () => {
  it('answer 401 without a token', async () => {
    expect(await answersOf(rosangela, null)).toEqual(expected(() => ({ status: 401, text: UNAUTHORIZED.body.text })));
  });

  it("answer an attendant who does not work the client 404, as for another company's client, and write nothing", async () => {
    const before = await rowsOf(rosangela.id);
    const refused = await answersOf(rosangela, FRESH);
    expect(refused).toEqual(expected((probe) => ({ status: 404, text: probe.notFound ?? NOT_FOUND.body.text })));
    // Exactly what another company's client answers.
    expect(await answersOf(osvaldo, FRESH)).toEqual(refused);
    // Nothing but the document the supervisor uploaded for the refused deletion to aim at.
    expect(await rowsOf(rosangela.id)).toEqual({ ...before, documents: [...before.documents, expect.anything()] });
  });

  it("answer supervisors and managers for every client of the company (the company's view)", async () => {
    for (const email of [SUPERVISOR, MANAGER]) {
      await cancelProposals(rosangela.id);
      expect({ email, answers: onlyStatus(await answersOf(rosangela, email)) }).toEqual({
        email,
        answers: ALL_ANSWERED,
      });
    }
  });

  it("answer another company's client 404 to everyone, whatever the role, and write nothing", async () => {
    const before = await rowsOf(osvaldo.id);
    for (const email of [FRESH, ATTENDANT, SUPERVISOR, MANAGER]) {
      expect({ email, answers: await answersOf(osvaldo, email) }).toEqual({
        email,
        answers: expected((probe) => ({ status: 404, text: probe.notFound ?? NOT_FOUND.body.text })),
      });
    }
    const after = await rowsOf(osvaldo.id);
    // Nothing but the four documents its own attendant uploaded for the refused deletions to aim at.
    expect(after).toEqual({ ...before, documents: [...before.documents, ...Array(4).fill(expect.anything())] });
    // And company 1's client to company 2's attendant (sending simulations is company 1's alone: 403 first).
    expect(await answersOf(rosangela, OTHER_COMPANY)).toEqual(
      expected((probe) =>
        probe.name === 'POST simulacao/enviar'
          ? { status: 403, text: 'O envio de simulação está disponível apenas para a empresa 1.' }
          : { status: 404, text: probe.notFound ?? NOT_FOUND.body.text },
      ),
    );
  });
});

describe('an attendant works a client', () => {
  const next = (email: string) => get('/crm/cliente/proximo', email);
  const tabulate = (email: string, body: object) => call('PUT', '/crm/tabulacao/cliente', email, body);

  it('while they hold it from the queue, and no longer once its outcome closes it', async () => {
    const held = await next(FRESH);
    expect(held).toMatchObject({ status: 200, body: { success: true } });
    const id = (held.body as { data: { cliente: { ClienteID: number } } }).data.cliente.ClienteID;
    expect((await record(id, FRESH)).status).toBe(200);
    expect((await record(id, ATTENDANT2)).status).toBe(404); // only the holder
    expect((await tabulate(FRESH, { ID_Cliente: id, ID_Status: 303 })).status).toBe(200);
    expect(await record(id, FRESH)).toEqual(NOT_FOUND);
  });

  it('while a callback of theirs waits in the queue', async () => {
    const held = await next(FRESH);
    const id = (held.body as { data: { cliente: { ClienteID: number } } }).data.cliente.ClienteID;
    const callbackAt = new Date(clock.now.getTime() + 2 * 3600_000).toISOString();
    expect((await tabulate(FRESH, { ID_Cliente: id, ID_Status: 305, DT_Retorno: callbackAt })).status).toBe(200);
    expect((await record(id, FRESH)).status).toBe(200);
    // The callback done (its queue row closed), the client is theirs no more.
    await demo.app.db.query("update fila set co_estado = 'concluido' where id_cliente = $1 and co_tipo = 'retorno'", [id]);
    expect(await record(id, FRESH)).toEqual(NOT_FOUND);
  });

  it('that is one of their leads, on every endpoint', async () => {
    const id = await clientId(MANOEL);
    expect(await record(id, FRESH)).toEqual(NOT_FOUND);
    await demo.app.db.query('insert into lead (id_empresa, id_cliente, id_atendente, id_tipo_credito) values (1, $1, $2, 1)', [
      id,
      idOf(FRESH),
    ]);
    const manoel = await targetOf(MANOEL, FRESH);
    expect(onlyStatus(await answersOf(manoel, FRESH))).toEqual(ALL_ANSWERED);
    // Another attendant still does not.
    expect(await record(id, ATTENDANT2)).toEqual(NOT_FOUND);
  });

  it('that has a proposal of theirs', async () => {
    const id = await clientId(FERNANDA);
    expect(await record(id, FRESH)).toEqual(NOT_FOUND);
    await demo.app.db.query(
      `insert into proposta (id_empresa, id_cliente, id_tipo_credito, id_banco, id_atendente, co_ade, nu_parcelas, vl_parcela, vl_bruto, vl_liquido)
       values (1, $1, 1, 318, $2, lpad(nextval('proposta_co_ade')::text, 10, '0'), 84, 150.00, 6000.00, 5800.00)`,
      [id, idOf(FRESH)],
    );
    expect((await record(id, FRESH)).status).toBe(200);
  });

  it('with whom a call of theirs is in the call records', async () => {
    const id = await clientId(MARLENE);
    expect(await get(`/crm/cliente/${id}/ligacoes`, FRESH)).toEqual(NOT_FOUND);
    await demo.app.db.query(
      `insert into ligacao (id_empresa, co_sip_call_id, co_direcao, id_atendente, id_cliente, nu_origem, nu_destino, ts_inicio,
                            co_situacao, co_encerramento, co_sip, ts_fim)
       values (1, 'acesso-cliente-1', 'saida', $2, $1, '1003', '11998765432', $3, 'encerrada', 'falhou', 486, $3)`,
      [id, idOf(FRESH), clock.now.toISOString()],
    );
    expect((await record(id, FRESH)).status).toBe(200);
    expect(await get(`/crm/cliente/${id}/ligacoes`, FRESH)).toMatchObject({
      status: 200,
      body: { success: true, data: [expect.any(Object)] },
    });
  });

  it("looked up today by its full CPF ('Novo Cliente'): theirs alone, until the São Paulo day ends", async () => {
    const id = await clientId(EDSON);
    expect(await record(id, FRESH)).toEqual(NOT_FOUND);
    expect(await lookUp(EDSON, FRESH)).toMatchObject({ status: 200, body: { data: { cliente: { ClienteID: id } } } });
    expect((await record(id, FRESH)).status).toBe(200);
    expect((await get(`/crm/cliente/operacoes/${id}`, FRESH)).status).toBe(200);
    expect(await record(id, ATTENDANT2)).toEqual(NOT_FOUND);

    const lookedUpAt = clock.now;
    try {
      // 23:59 the same São Paulo day, then the next day's first minute.
      clock.now = new Date(`${saoPauloDate(lookedUpAt)}T23:59:00-03:00`);
      expect((await record(id, FRESH)).status).toBe(200);
      clock.now = new Date(clock.now.getTime() + 2 * 60_000);
      expect(await record(id, FRESH)).toEqual(NOT_FOUND);
      // A new lookup grants the new day.
      expect((await lookUp(EDSON, FRESH)).status).toBe(200);
      expect((await record(id, FRESH)).status).toBe(200);
    } finally {
      clock.now = lookedUpAt;
    }
  });
});

describe('reads of client records, counted per person and São Paulo day', () => {
  const LIMIT = 3;
  const readClock = { now: upcoming(3, 10) };
  let t: TestApp;
  const readTokens: Record<string, string> = {};
  const sockets = wsClients();
  beforeAll(async () => {
    t = await startTestApp({ env: { CLIENT_READS_ALERT_PER_DAY: String(LIMIT) }, clock: () => readClock.now });
    for (const user of DEMO_USERS) readTokens[user.email] = await t.login(user.email);
  });
  afterAll(() => t.close());
  afterEach(() => sockets.closeAll());

  const read = (path: string, email: string) => download(t, path, readTokens[email]);
  const idIn = (client: DemoClient) => demoClientId(t.db, client);
  const countOf = async (email: string, day = saoPauloDate(readClock.now)) =>
    (
      await t.db.query<{ n: number }>(
        `select l.nu_leituras as n from leitura_cliente l join pessoa p using (id_empresa, id_pessoa)
          where p.em_email = $1 and l.dt_dia = $2`,
        [email, day],
      )
    )[0]?.n ?? 0;
  const audits = () =>
    t.db.query<{ pessoa: number; endereco: string; detalhe: unknown }>(
      `select id_pessoa as pessoa, de_endereco as endereco, js_detalhe as detalhe from auditoria
        where tp_acao = 'cliente.leituras_acima_limite' order by id_auditoria`,
    );
  const readAlerts = (client: WsClient) => client.received.filter((alert: RealtimeAlert) => alert.TP_Alerta === ALERT_CLIENT_READS);
  /** Waits until everything pushed to the socket so far has arrived, then answers its client-read alerts. */
  async function settledAlerts(client: WsClient, id: number) {
    const marker = { TP_Alerta: 1, DE_Dados: null, DE_Observacao: `marcador ${Math.random()}` };
    await t.app.realtime.push(id, marker);
    await eventually(() => client.received.at(-1)?.DE_Observacao === marker.DE_Observacao);
    return readAlerts(client);
  }

  it('counts the record, the phones and a document, not the lists, writes or refusals', async () => {
    const jose = await idIn(byName('José Carlos Pereira')); // the attendant's lead
    const cliente = ((await read(`/crm/cliente/basicoPorID/${jose}`, ATTENDANT)).body as { data: { cliente: object } }).data.cliente;
    const before = await countOf(ATTENDANT);
    const write = (method: string, path: string, body: object) => t.call(method, path, { token: readTokens[ATTENDANT], body });
    expect((await write('PUT', `/crm/cliente/${jose}`, cliente)).status).toBe(200);
    expect((await write('POST', '/cadastro/telefone', { ClienteID: jose, DE_Telefone: '11987651234' })).status).toBe(200);
    for (const path of [
      `/crm/cliente/operacoes/${jose}`,
      `/crm/simulacao/${jose}`,
      `/crm/cliente/${jose}/ligacoes`,
      `/crm/cliente/${jose}/documentos`,
    ]) {
      expect((await read(path, ATTENDANT)).status).toBe(200);
    }
    expect((await read(`/crm/cliente/basicoPorID/${await idIn(ROSANGELA)}`, ATTENDANT)).status).toBe(404);
    expect(await countOf(ATTENDANT)).toBe(before);

    const manoel = await idIn(MANOEL);
    const uploaded = await t.call('POST', `/crm/cliente/${manoel}/documentos`, { token: readTokens[SUPERVISOR], body: document });
    // The reads below pass this app's threshold of 3: the supervisor's alert, seen by no socket of this test.
    expect(uploaded.status).toBe(200);
    const supervisorBefore = await countOf(SUPERVISOR);
    for (const path of [
      `/crm/cliente/basicoPorID/${manoel}`,
      `/crm/cliente/telefones/${manoel}`,
      `/crm/cliente/${manoel}/documentos/${uploaded.body.data.DocumentoID}`,
      `/crm/cliente/basico/${makeCpf(MANOEL.cpfBase)}`,
    ]) {
      expect((await read(path, SUPERVISOR)).status).toBe(200);
    }
    expect(await countOf(SUPERVISOR)).toBe(supervisorBefore + 4);
  });

  it("alerts the company's managers once when a person's reads pass the threshold, and audits it once", async () => {
    const manager = await person(t, MANAGER);
    const reader = await person(t, ATTENDANT2);
    const supervisor = await person(t, SUPERVISOR);
    const managerSocket = await authenticate(await sockets.connect(t, '10.21.3.1'), manager, t);
    const readerSocket = await authenticate(await sockets.connect(t, '10.21.3.2'), reader, t);
    const supervisorSocket = await authenticate(await sockets.connect(t, '10.21.3.3'), supervisor, t);
    const luiz = await idIn(byName('Luiz Gonzaga Ribeiro')); // the reader's lead
    const auditsBefore = (await audits()).length;
    expect(await countOf(ATTENDANT2)).toBe(0);

    for (let reads = 1; reads <= LIMIT; reads++) expect((await read(`/crm/cliente/basicoPorID/${luiz}`, ATTENDANT2)).status).toBe(200);
    expect(await settledAlerts(managerSocket, manager.id)).toEqual([]);

    // The read past the threshold is answered as any other, and alerts.
    expect((await read(`/crm/cliente/telefones/${luiz}`, ATTENDANT2)).status).toBe(200);
    const day = saoPauloDate(readClock.now);
    const alert = {
      TP_Alerta: ALERT_CLIENT_READS,
      DE_Dados: { ID_Pessoa: reader.id, DE_Pessoa: 'Bruno Henrique Lima', NU_Leituras: LIMIT + 1, NU_Limite: LIMIT, DT_Dia: day },
      DE_Observacao: 'Bruno Henrique Lima consultou fichas de clientes 4 vezes hoje, acima do limite de 3.',
    };
    await eventually(() => readAlerts(managerSocket).length > 0);
    // Reads after it, up to the next multiple of the threshold, alert no more.
    for (let reads = LIMIT + 2; reads <= 2 * LIMIT; reads++)
      expect((await read(`/crm/cliente/basicoPorID/${luiz}`, ATTENDANT2)).status).toBe(200);
    expect(await settledAlerts(managerSocket, manager.id)).toEqual([alert]);
    expect(await settledAlerts(readerSocket, reader.id)).toEqual([]);
    expect(await settledAlerts(supervisorSocket, supervisor.id)).toEqual([]);
    expect((await audits()).slice(auditsBefore)).toEqual([
      // The address of the read that crossed the threshold (this machine: no proxy header).
      { pessoa: reader.id, endereco: '127.0.0.1', detalhe: { NU_Leituras: 4, NU_Limite: LIMIT, DT_Dia: day } },
    ]);
    expect(await countOf(ATTENDANT2)).toBe(2 * LIMIT);

    // The first read past twice the threshold alerts again: a scrape that goes on is seen going on.
    expect((await read(`/crm/cliente/basicoPorID/${luiz}`, ATTENDANT2)).status).toBe(200);
    await eventually(() => readAlerts(managerSocket).length > 1);
    expect(readAlerts(managerSocket)[1].DE_Observacao).toBe(
      'Bruno Henrique Lima consultou fichas de clientes 7 vezes hoje, acima do limite de 3.',
    );
    expect((await audits()).slice(auditsBefore)).toHaveLength(2);
  });

  it('alerts once however many reads arrive together', async () => {
    const manager = await person(t, MANAGER);
    const jose = await idIn(byName('José Carlos Pereira'));
    const auditsBefore = (await audits()).length;
    expect(await countOf(MANAGER)).toBe(0);
    const answers = await Promise.all(Array.from({ length: 2 * LIMIT - 1 }, () => read(`/crm/cliente/basicoPorID/${jose}`, MANAGER)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(2 * LIMIT - 1).fill(200));
    expect(await countOf(MANAGER)).toBe(2 * LIMIT - 1);
    expect((await audits()).slice(auditsBefore)).toEqual([
      {
        pessoa: manager.id,
        endereco: '127.0.0.1',
        detalhe: { NU_Leituras: LIMIT + 1, NU_Limite: LIMIT, DT_Dia: saoPauloDate(readClock.now) },
      },
    ]);
  });

  it('starts every person again on the next São Paulo day', async () => {
    const paulo = await idIn(byName('Paulo Roberto Alves')); // the attendant's lead
    const today = saoPauloDate(readClock.now);
    const counted = await countOf(ATTENDANT);
    expect((await read(`/crm/cliente/basicoPorID/${paulo}`, ATTENDANT)).status).toBe(200);
    expect(await countOf(ATTENDANT)).toBe(counted + 1);
    const start = readClock.now;
    try {
      readClock.now = new Date(start.getTime() + 86_400_000);
      expect((await read(`/crm/cliente/basicoPorID/${paulo}`, ATTENDANT)).status).toBe(200);
      expect(await countOf(ATTENDANT)).toBe(1);
      expect(await countOf(ATTENDANT, today)).toBe(counted + 1);
    } finally {
      readClock.now = start;
    }
  });
});
