import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { deflateSync } from 'node:zlib';
import { DATA_SUBJECT_TEXT } from '@consig/shared/contracts';
import { makeCpf } from '@consig/shared/format';
import { REMOVED_TEXT } from '../src/data-subject/dataSubject.repository';
import { RECORDING_REMOVAL_JOB, recordingRemovalHandler } from '../src/data-subject/recordingRemoval';
import type { Job } from '../src/jobs';
import { createLocalRecordingStorage } from '../src/recordings/storage';
import { useSignedInDemoApp } from './harness';

const recordingsDir = mkdtempSync(join(tmpdir(), 'titulares-'));
const demo = useSignedInDemoApp({ env: { RECORDINGS_DIR: recordingsDir } });
afterAll(() => rmSync(recordingsDir, { recursive: true, force: true }));
const storage = createLocalRecordingStorage(recordingsDir);

const MANAGER = 'gerente@demo.com.br';
const SUPERVISOR = 'supervisor@demo.com.br';
const ATTENDANT = 'atendente@demo.com.br';
const OTHER_COMPANY = 'atendente@outra.com.br';
const ADDRESS = '10.31.0.1';

type Body = Record<string, unknown>;
const as = (email: string | null, method: string, path: string, body?: unknown) =>
  demo.app.call(method, path, { token: email ? demo.tokens[email] : undefined, body, headers: { 'x-forwarded-for': ADDRESS } });
const path = (cpf: string, action = '') => `/cadastros/titulares/${cpf}${action ? `/${action}` : ''}`;
const anonymise = (cpf: string, confirmation = cpf, email = MANAGER) =>
  as(email, 'POST', path(cpf, 'anonimizacao'), { CO_CPFConfirmacao: confirmation });

/** The raw answer of the export (bytes and headers, not the envelope). */
async function download(cpf: string, email = MANAGER) {
  const response = await fetch(demo.app.url + path(cpf, 'exportacao'), {
    headers: { authorization: `Bearer ${demo.tokens[email]}`, 'x-forwarded-for': ADDRESS },
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

const query = <T = Body>(sql: string, params: unknown[] = []) => demo.app.db.query<T>(sql, params);
const one = async <T = Body>(sql: string, params: unknown[] = []) => (await query<T>(sql, params))[0];
const count = async (sql: string, params: unknown[]) => (await one<{ n: number }>(`select count(*)::int as n from ${sql}`, params)).n;

let serial = 0;
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), deflateSync(Buffer.from('rg'))]);

interface Person {
  id: number;
  cpf: string;
  /** The phones, DDD + number. */
  phones: string[];
  paidProposal: number;
  recordingKey: string;
  call: number;
}

const personIdOf = async (email: string) =>
  (await one<{ id: number }>('select id_pessoa as id from pessoa where em_email = $1', [email])).id;

/**
 * A client of company 1 holding something in every category: the record, two phones (through the API), a document
 * (through the API), an operation with a paid proposal (its history and a ticket with an attachment), an operation
 * never contracted with a simulation, a lead, a callback in a campaign's queue, an outcome, a recorded call with its
 * file in the storage and a listen, a CPF look-up, an import line refused with the CPF, and an audit row.
 */
async function personWithEverything(): Promise<Person> {
  serial += 1;
  const cpf = makeCpf(`98765${String(serial).padStart(4, '0')}`);
  const manager = await personIdOf(MANAGER);
  const attendant = await personIdOf(ATTENDANT);
  const { id } = await one<{ id: number }>(
    `insert into cliente (id_empresa, co_cpf, de_pessoa, dt_nascimento, de_sexo, de_mae, em_email, id_orgao, co_identidade, co_cep,
                          de_endereco, de_numero, de_bairro, de_cidade, sg_estado, co_matricula, dt_ddb, id_especie, vl_salario_bruto,
                          co_banco, co_agencia, co_conta_corrente, de_nome_referencia, de_telefone_referencia)
     values (1, $1, 'Maria das Dores Lima', '1958-04-02', 'F', 'Joana Lima', 'maria@exemplo.com.br', 4, '123456789', '01001000',
             'Praça da Sé', '100', 'Sé', 'São Paulo', 'SP', '1234567890', '2020-01-10', 41, 3200.50, 1, '1234', '998877', 'José Lima', '11912345678')
     returning id_cliente as id`,
    [cpf],
  );
  const phones = [`119${String(70000000 + serial * 2)}`, `219${String(70000001 + serial * 2)}`];
  for (const phone of phones) {
    const added = await as(MANAGER, 'POST', '/cadastro/telefone', { ClienteID: id, DE_Telefone: phone });
    expect(added.status).toBe(200);
  }
  const document = await as(MANAGER, 'POST', `/crm/cliente/${id}/documentos`, {
    ID_TipoDocumento: 1,
    NO_Arquivo: 'rg maria.png',
    TX_Base: `data:image/png;base64,${PNG.toString('base64')}`,
  });
  expect(document.status).toBe(200);

  const operation = async (withAccount: boolean) =>
    (
      await one<{ id: number }>(
        `insert into operacao (id_empresa, id_cliente, id_tipo_credito, id_banco, nu_parcelas, vl_parcela, vl_bruto, vl_liquido,
                               co_agencia, co_conta_corrente, id_tipo_conta)
         values (1, $1, 1, 318, 84, 150.25, 6000, 5800.10, $2, $3, $4) returning id_operacao as id`,
        [id, withAccount ? '1234' : null, withAccount ? '998877' : null, withAccount ? 1 : null],
      )
    ).id;
  const contracted = await operation(true);
  const offered = await operation(false);
  const { id: paidProposal } = await one<{ id: number }>(
    `insert into proposta (id_empresa, id_cliente, id_operacao, id_tipo_credito, id_banco, id_atendente, id_status, co_ade, nu_parcelas,
                           vl_parcela, vl_bruto, vl_liquido, id_banco_conta, co_agencia, co_conta_corrente, id_tipo_conta, de_tabela)
     values (1, $1, $2, 1, 318, $3, 60, 'TIT-' || $4, 84, 150.25, 6000, 5800.10, 1, '1234', '998877', 1, 'INSS 1,66%')
     returning id_proposta as id`,
    [id, contracted, attendant, String(serial)],
  );
  await query(
    `insert into proposta_historico (id_empresa, id_proposta, id_pessoa, id_status_anterior, id_status) values (1, $1, $2, null, 10), (1, $1, $2, 10, 60)`,
    [paidProposal, manager],
  );
  await query(
    `insert into chamado (id_empresa, id_proposta, id_pessoa, tx_chamado, bl_anexo, tp_anexo, id_status, id_pessoa_resposta, tx_resposta, ts_resposta)
     values (1, $1, $2, 'Cliente Maria enviou o RG', $3, 'image/png', 75, $4, 'Banco aceitou o RG da Maria', now())`,
    [paidProposal, attendant, PNG, manager],
  );
  const { id: simulation } = await one<{ id: number }>(
    `insert into simulacao (id_empresa, id_cliente, id_atendente, em_destino, tp_envio) values (1, $1, $2, 'maria@exemplo.com.br', 'enviado')
     returning id_simulacao as id`,
    [id, attendant],
  );
  await query(
    `insert into simulacao_operacao (id_empresa, id_simulacao, id_operacao, id_tipo_credito, id_banco, nu_parcelas, vl_parcela, vl_bruto,
                                     vl_liquido, vl_saldo_devedor, vl_iof, vl_taxa, dt_validade)
     values (1, $1, $2, 1, 318, 84, 150.25, 6000, 5800.10, 0, 40.10, 1.66, '2026-12-01')`,
    [simulation, offered],
  );
  await query('insert into lead (id_empresa, id_cliente, id_atendente, id_tipo_credito) values (1, $1, $2, 1)', [id, attendant]);
  const { campaign } = await one<{ campaign: number }>('select min(id_campanha) as campaign from campanha where id_empresa = 1');
  await query(
    `insert into fila (id_empresa, id_campanha, id_cliente, co_tipo, id_atendente, ts_disponivel) values (1, $1, $2, 'retorno', $3, now() + interval '1 day')`,
    [campaign, id, attendant],
  );
  await query(
    'insert into historico_atendimento (id_empresa, id_atendente, id_status, id_cliente, id_campanha) values (1, $1, 305, $2, $3)',
    [attendant, id, campaign],
  );
  const { id: call } = await one<{ id: number }>(
    `insert into ligacao (id_empresa, co_sip_call_id, co_direcao, id_atendente, nu_ramal, id_cliente, nu_origem, nu_destino, ts_inicio,
                          ts_atendimento, ts_fim, co_situacao, co_sip, co_encerramento, co_gravacao, nu_bytes_gravacao, nu_segundos_gravacao)
     values (1, 'titular-' || $2, 'saida', $3, '1001', $1, '1001', $4, now() - interval '2 minutes', now() - interval '110 seconds', now(),
             'encerrada', 200, 'chamador', 'pendente', null, null)
     returning id_ligacao as id`,
    [id, `${serial}-${Date.now()}`, attendant, phones[0]],
  );
  const recordingKey = `1/2026-11-27/${call}.wav`;
  await storage.put(recordingKey, Readable.from([Buffer.from('RIFF....WAVE')]));
  await query(
    `update ligacao set co_gravacao = 'gravada', de_gravacao = $2, nu_bytes_gravacao = 12, nu_segundos_gravacao = 1.5 where id_ligacao = $1`,
    [call, recordingKey],
  );
  await query(`insert into ligacao_acesso_gravacao (id_empresa, id_ligacao, id_pessoa, co_acao) values (1, $1, $2, 'ouvir')`, [
    call,
    manager,
  ]);
  await query(
    `insert into acesso_cliente_cpf (id_empresa, id_pessoa, id_cliente, dt_dia, ts_consulta) values (1, $1, $2, current_date, now())`,
    [attendant, id],
  );
  const { id: upload } = await one<{ id: number }>(
    `insert into importacao (id_empresa, id_campanha, id_pessoa, sn_higienizar, id_status) values (1, $1, $2, 0, 63) returning id_importacao as id`,
    [campaign, manager],
  );
  const punctuated = `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
  await query(
    `insert into importacao_rejeitada (id_importacao, nu_linha, de_motivo, sn_higienizacao, tx_linha)
     values ($1, 2, 'Telefone inválido.', 0, $2), ($1, 3, 'CPF inválido.', 0, '111.111.111-11;Outra Pessoa')`,
    [upload, `${punctuated};Maria das Dores Lima;119`],
  );
  await query(
    `insert into auditoria (id_empresa, id_pessoa, tp_acao, js_detalhe, js_antes, js_depois) values (1, $1, 'proposta.status', $2::jsonb, '{"ID_Status": 10}', '{"ID_Status": 60}')`,
    [manager, JSON.stringify({ ID_Proposta: paidProposal })],
  );
  return { id, cpf, phones, paidProposal, recordingKey, call };
}

/** Every row of the client's categories, to compare before and after a refused or failed anonymisation. */
async function snapshot(person: Person) {
  const of = (table: string) => query(`select * from ${table} where id_empresa = 1 and id_cliente = $1 order by 1`, [person.id]);
  return {
    cliente: await of('cliente'),
    telefone: await of('telefone'),
    operacao: await of('operacao'),
    proposta: await of('proposta'),
    simulacao: await of('simulacao'),
    fila: await of('fila'),
    ligacao: await of('ligacao'),
    documentos: await count('cliente_documento where id_empresa = 1 and id_cliente = $1', [person.id]),
    acessos: await of('acesso_cliente_cpf'),
    chamados: await query('select * from chamado where id_proposta = $1', [person.paidProposal]),
    linhas: await query("select * from importacao_rejeitada where tx_linha like '%Maria das Dores%' order by 1, 2"),
    auditoria: await count("auditoria where tp_acao like 'titular.%'", []),
    tarefas: await count('tarefa where co_tipo = $1', [RECORDING_REMOVAL_JOB]),
  };
}

const auditRows = (action: string, cpf: string) =>
  query<{ actor: number; address: string; detail: Body; before: unknown; after: unknown }>(
    `select id_pessoa as actor, de_endereco as address, js_detalhe as detail, js_antes as before, js_depois as after
       from auditoria where tp_acao = $1 and js_detalhe ->> 'CO_CPF' = $2 order by id_auditoria`,
    [action, cpf],
  );

const FORBIDDEN = { status: 403, body: { success: false, text: DATA_SUBJECT_TEXT.forbidden } };
const NOT_FOUND = { status: 404, body: { success: false, text: DATA_SUBJECT_TEXT.notFound } };
const EXPIRED = { status: 401, body: { success: false, text: 'Sessão expirada ou inválida. Entre novamente.' } };

/** [method, action] of every route. */
const ROUTES = [
  ['GET', ''],
  ['GET', 'exportacao'],
  ['POST', 'anonimizacao'],
  ['POST', 'nao-perturbe'],
] as const;

let person: Person;
beforeAll(async () => {
  person = await personWithEverything();
});

describe('who may ask', () => {
  it.each(ROUTES)('%s %s: 401 without a token, 403 for attendants and supervisors before the CPF is even read', async (method, action) => {
    const body = method === 'POST' ? { CO_CPFConfirmacao: person.cpf } : undefined;
    expect(await as(null, method, path(person.cpf, action), body)).toEqual(EXPIRED);
    for (const email of [SUPERVISOR, ATTENDANT, OTHER_COMPANY]) {
      expect(await as(email, method, path(person.cpf, action), body)).toEqual(FORBIDDEN);
      expect(await as(email, method, path('123', action), body)).toEqual(FORBIDDEN);
    }
    expect((await one<Body>('select de_pessoa from cliente where id_cliente = $1', [person.id])).de_pessoa).toBe('Maria das Dores Lima');
  });

  it.each(ROUTES)("%s %s: an invalid CPF is 400 'CPF inválido.'; an unknown one, or another company's, is 404", async (method, action) => {
    const body = method === 'POST' ? { CO_CPFConfirmacao: '52998224725' } : undefined;
    for (const invalid of ['12345678900', '1114447773', '111.444.777-35', '11111111111']) {
      expect(await as(MANAGER, method, path(invalid, action), body)).toEqual({
        status: 400,
        body: { success: false, text: 'CO_CPF: CPF inválido.' },
      });
    }
    expect(await as(MANAGER, method, path(makeCpf('555000111'), action), body)).toEqual(NOT_FOUND);
    // The CPF exists, in company 2 only: company 1's manager finds nobody, and nothing of company 2 changes.
    const otherCpf = makeCpf(`55500${String(ROUTES.findIndex(([m, a]) => m === method && a === action)).padStart(4, '0')}`);
    await query("insert into cliente (id_empresa, co_cpf, de_pessoa) values (2, $1, 'Cliente da Outra') on conflict do nothing", [
      otherCpf,
    ]);
    const answer = await as(MANAGER, method, path(otherCpf, action), method === 'POST' ? { CO_CPFConfirmacao: otherCpf } : undefined);
    expect(answer).toEqual(NOT_FOUND);
    expect((await one<Body>('select de_pessoa from cliente where id_empresa = 2 and co_cpf = $1', [otherCpf])).de_pessoa).toBe(
      'Cliente da Outra',
    );
  });
});

describe('the summary', () => {
  it('names the person masked, counts every category and says anonymisation is allowed (every proposal is over)', async () => {
    const { status, body } = await as(MANAGER, 'GET', path(person.cpf));
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      ID_Cliente: person.id,
      DE_CPFParcial: `***.${person.cpf.slice(3, 6)}.${person.cpf.slice(6, 9)}-**`,
      DE_Titular: 'Maria D. L.',
      TS_Anonimizacao: null,
      SN_PodeAnonimizar: 1,
      motivos: [],
    });
    const counts = Object.fromEntries(body.data.contagens.map((c: Body) => [c.CO_Categoria, c.NU_Registros]));
    expect(counts).toEqual({
      cliente: 1,
      telefones: 2,
      naoPerturbe: 0,
      operacoes: 2,
      simulacoes: 1,
      propostas: 1,
      chamados: 1,
      leads: 1,
      fila: 1,
      atendimentos: 1,
      ligacoes: 1,
      gravacoes: 1,
      documentos: 1,
      acessosPorCpf: 1,
      linhasImportacao: 1,
      auditoria: 1,
    });
    // A summary is no read of the data: nothing is audited.
    expect(await auditRows('titular.exportacao', person.cpf)).toEqual([]);
  });
});

describe('the export', () => {
  it('is one JSON file named by the CPF and the day, holding every category and a readable summary; audited with counts', async () => {
    const { status, headers, text } = await download(person.cpf);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="titular-${person.cpf.slice(3, 9)}-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
    );
    expect(headers.get('cache-control')).toBe('no-store');
    const file = JSON.parse(text);
    expect(file.CO_CPF).toBe(person.cpf);
    expect(file.DE_Empresa).toBe('Demo Promotora de Crédito');
    expect(file.cliente).toMatchObject({
      de_pessoa: 'Maria das Dores Lima',
      em_email: 'maria@exemplo.com.br',
      vl_salario_bruto: '3200.50',
    });
    expect(file.telefones.map((t: Body) => `${t.co_ddd}${t.co_telefone}`)).toEqual(person.phones);
    expect(file.operacoes).toHaveLength(2);
    expect(file.operacoes[0]).toMatchObject({ vl_bruto: '6000.00', vl_liquido: '5800.10' });
    expect(file.simulacoes[0]).toMatchObject({
      em_destino: 'maria@exemplo.com.br',
      operacoes: [expect.objectContaining({ vl_iof: '40.10' })],
    });
    expect(file.propostas[0]).toMatchObject({ co_ade: `TIT-${serial}`, de_status: 'Paga', de_banco: 'Banco BMG', vl_bruto: '6000.00' });
    expect(file.propostas[0].historico.map((h: Body) => h.id_status)).toEqual([10, 60]);
    // Files are named, never embedded.
    expect(file.chamados[0]).toMatchObject({ tx_chamado: 'Cliente Maria enviou o RG', tp_anexo: 'image/png' });
    expect(file.chamados[0]).not.toHaveProperty('bl_anexo');
    expect(file.documentos[0]).toMatchObject({ no_arquivo: 'rg maria.png', tp_arquivo: 'image/png' });
    expect(file.documentos[0]).not.toHaveProperty('bl_arquivo');
    expect(file.leads).toHaveLength(1);
    expect(file.fila[0]).toMatchObject({ co_tipo: 'retorno' });
    expect(file.atendimentos[0]).toMatchObject({ id_status: 305 });
    expect(file.ligacoes[0]).toMatchObject({
      nu_destino: person.phones[0],
      acessosGravacao: [expect.objectContaining({ co_acao: 'ouvir' })],
    });
    expect(file.gravacoes).toEqual([expect.objectContaining({ id_ligacao: person.call, co_gravacao: 'gravada', nu_bytes_gravacao: 12 })]);
    expect(file.acessosPorCpf).toHaveLength(1);
    expect(file.linhasImportacao).toEqual([expect.objectContaining({ nu_linha: 2, de_motivo: 'Telefone inválido.' })]);
    expect(file.auditoria).toEqual([expect.objectContaining({ tp_acao: 'proposta.status' })]);
    expect(file.resumo).toEqual(
      expect.arrayContaining([
        'Nome no cadastro: Maria das Dores Lima.',
        'Telefones: 2 registro(s).',
        'Gravações de ligações: 1 registro(s).',
        expect.stringMatching(
          new RegExp(
            `^Proposta ADE TIT-${serial} \\(Banco BMG\\): Paga, digitada em \\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}, valor bruto R\\$ 6000\\.00\\.$`,
          ),
        ),
        'Consentimentos: o sistema não registra consentimentos; nenhum dado acima depende de um.',
      ]),
    );
    expect(file.resumo[0]).toMatch(
      /^Dados pessoais do titular de CPF \d{3}\.\d{3}\.\d{3}-\d{2} mantidos por Demo Promotora de Crédito, exportados em/,
    );

    const [row] = await auditRows('titular.exportacao', person.cpf);
    expect(row).toMatchObject({ actor: await personIdOf(MANAGER), address: ADDRESS, before: null, after: null });
    expect(row.detail).toMatchObject({ ID_Cliente: person.id, contagens: expect.objectContaining({ telefones: 2, propostas: 1 }) });
  });
});

describe('the do-not-call request', () => {
  it("puts every phone of the person on the company's list through the list's own insert, and says which were there", async () => {
    await query("insert into nao_perturbe (id_empresa, co_telefone, de_origem) values (1, $1, 'manual')", [person.phones[1]]);
    const { status, body } = await as(MANAGER, 'POST', path(person.cpf, 'nao-perturbe'));
    expect({ status, body }).toEqual({
      status: 200,
      body: {
        success: true,
        text: '1 telefone(s) incluído(s) no Não Me Perturbe; 1 já estava(m) na lista.',
        data: { NU_Telefones: 2, NU_Incluidos: 1, NU_JaExistentes: 1 },
      },
    });
    expect(
      await query('select co_telefone, de_origem from nao_perturbe where id_empresa = 1 and co_telefone = any($1) order by 1', [
        person.phones,
      ]),
    ).toEqual(
      [
        { co_telefone: person.phones[0], de_origem: 'pedido do titular (LGPD)' },
        { co_telefone: person.phones[1], de_origem: 'manual' },
      ].sort((a, b) => a.co_telefone.localeCompare(b.co_telefone)),
    );
    // Company 2 is untouched.
    expect(await count('nao_perturbe where id_empresa = 2 and co_telefone = any($1)', [person.phones])).toBe(0);
    const [row] = await auditRows('titular.nao_perturbe', person.cpf);
    expect(row).toMatchObject({
      address: ADDRESS,
      detail: { ID_Cliente: person.id, CO_CPF: person.cpf, NU_Telefones: 2, NU_Incluidos: 1, NU_JaExistentes: 1 },
      before: null,
      after: null,
    });
  });
});

describe('the anonymisation', () => {
  it("refuses a confirmation that is not the person's CPF (400) and an invalid one, changing nothing", async () => {
    const before = await snapshot(person);
    expect(await anonymise(person.cpf, '529.982.247-25')).toEqual({
      status: 400,
      body: { success: false, text: `CO_CPFConfirmacao: ${DATA_SUBJECT_TEXT.confirmationMismatch}` },
    });
    expect(await anonymise(person.cpf, 'abc')).toEqual({ status: 400, body: { success: false, text: 'CO_CPFConfirmacao: CPF inválido.' } });
    expect(await snapshot(person)).toEqual(before);
  });

  it('is refused (409, saying why) while a proposal is in progress, a call is up or an attendant holds the person', async () => {
    // An attendant who holds nobody in the demo's queue.
    const attendant = await personIdOf('atendente3@demo.com.br');
    const { id: open } = await one<{ id: number }>(
      `insert into proposta (id_empresa, id_cliente, id_tipo_credito, id_banco, id_atendente, id_status, co_ade, nu_parcelas, vl_parcela, vl_bruto, vl_liquido)
       values (1, $1, 1, 318, $2, 40, $3, 84, 100, 5000, 4900) returning id_proposta as id`,
      [person.id, attendant, `ABERTA-${person.id}`],
    );
    await query(
      "update fila set co_estado = 'em_atendimento', co_tipo = 'novo', id_atendente = $2, ts_lease = now() + interval '5 minutes' where id_cliente = $1",
      [person.id, attendant],
    );
    const before = await snapshot(person);
    const proposalReason = DATA_SUBJECT_TEXT.proposalInProgress(`ABERTA-${person.id}`, 'Em análise no banco');

    const summary = await as(MANAGER, 'GET', path(person.cpf));
    expect(summary.body.data).toMatchObject({ SN_PodeAnonimizar: 0, motivos: [proposalReason, DATA_SUBJECT_TEXT.heldInQueue] });
    expect(await anonymise(person.cpf)).toEqual({
      status: 409,
      body: { success: false, text: `${DATA_SUBJECT_TEXT.refused} ${proposalReason} ${DATA_SUBJECT_TEXT.heldInQueue}` },
    });
    expect(await snapshot(person)).toEqual(before);

    // Over (cancelled), and the attendant done: a call still up is the one reason left.
    await query('update proposta set id_status = 90 where id_proposta = $1', [open]);
    await query("update fila set co_estado = 'aguardando', co_tipo = 'retorno', ts_lease = null where id_cliente = $1", [person.id]);
    await query("update ligacao set co_situacao = 'em_curso', ts_fim = null, co_encerramento = null where id_ligacao = $1", [person.call]);
    expect(await anonymise(person.cpf)).toEqual({
      status: 409,
      body: { success: false, text: `${DATA_SUBJECT_TEXT.refused} ${DATA_SUBJECT_TEXT.callInProgress}` },
    });
    await query("update ligacao set co_situacao = 'encerrada', ts_fim = now(), co_encerramento = 'chamador' where id_ligacao = $1", [
      person.call,
    ]);
    expect((await as(MANAGER, 'GET', path(person.cpf))).body.data).toMatchObject({ SN_PodeAnonimizar: 1, motivos: [] });
  });

  it('leaves everything as it was when a statement fails midway (the last one, on the client, made to fail here)', async () => {
    const before = await snapshot(person);
    // Test-only: the client's own update, the transaction's last statement but the audit, raises.
    await demo.app.db.exec(`
      create function titular_falha() returns trigger language plpgsql as $$
      begin
        raise exception 'falha simulada no meio da anonimização';
      end $$;
      create trigger titular_falha before update of ts_anonimizacao on cliente for each row execute function titular_falha();`);
    try {
      const { status, body } = await anonymise(person.cpf);
      expect(status).toBe(500);
      expect(body.success).toBe(false);
    } finally {
      await demo.app.db.exec('drop trigger titular_falha on cliente; drop function titular_falha();');
    }
    expect(await snapshot(person)).toEqual(before);
    expect(await storage.size(person.recordingKey)).toBe(12);
  });

  it('replaces every personal field, removes phones, documents, recordings, queue and simulations, keeps the proposal; audited', async () => {
    const { status, body } = await anonymise(
      person.cpf,
      `${person.cpf.slice(0, 3)}.${person.cpf.slice(3, 6)}.${person.cpf.slice(6, 9)}-${person.cpf.slice(9)}`,
    );
    expect(status).toBe(200);
    const result = {
      ID_Cliente: person.id,
      NU_Telefones: 2,
      NU_Documentos: 1,
      NU_Gravacoes: 1,
      NU_Ligacoes: 1,
      NU_Fila: 1,
      NU_Simulacoes: 1,
      NU_Operacoes: 1,
      NU_Chamados: 1,
      NU_AcessosPorCpf: 1,
      NU_LinhasImportacao: 1,
      NU_PropostasMantidas: 2,
    };
    expect(body).toEqual({
      success: true,
      text: 'Titular anonimizado. 2 proposta(s) mantida(s) com os dados que a lei exige guardar.',
      data: result,
    });

    const client = await one<Body>('select * from cliente where id_cliente = $1', [person.id]);
    const kept = [
      'id_cliente',
      'id_empresa',
      'co_cpf',
      'de_pessoa',
      'id_orgao',
      'id_indicador',
      'ts_criacao',
      'ts_nao_ligar',
      'ts_anonimizacao',
    ];
    const flags = ['sn_bloqueio', 'sn_representante_legal'];
    expect(client).toMatchObject({
      co_cpf: person.cpf,
      de_pessoa: 'Titular anonimizado',
      id_orgao: 4,
      sn_bloqueio: 0,
      sn_representante_legal: 0,
    });
    expect(client.ts_nao_ligar).not.toBeNull();
    expect(client.ts_anonimizacao).not.toBeNull();
    // Every other column is empty: a column added to cliente later fails here until the anonymisation handles it.
    const leftovers = Object.entries(client).filter(
      ([column, value]) => !kept.includes(column) && !flags.includes(column) && value !== null,
    );
    expect(leftovers).toEqual([]);

    expect(await count('telefone where id_cliente = $1', [person.id])).toBe(0);
    expect(await count('cliente_documento where id_cliente = $1', [person.id])).toBe(0);
    expect(await count('fila where id_cliente = $1', [person.id])).toBe(0);
    expect(await count('simulacao where id_cliente = $1', [person.id])).toBe(0);
    expect(await count('acesso_cliente_cpf where id_cliente = $1', [person.id])).toBe(0);
    // The contracted operation stays without its account; the one never contracted is gone.
    expect(
      await query('select co_agencia, co_conta_corrente, id_tipo_conta, vl_bruto::text from operacao where id_cliente = $1', [person.id]),
    ).toEqual([{ co_agencia: null, co_conta_corrente: null, id_tipo_conta: null, vl_bruto: '6000.00' }]);
    // The proposal keeps what the bank and the law need, its history too.
    expect(
      await one(
        'select co_ade, id_banco, id_tipo_credito, id_status, nu_parcelas, vl_parcela::text, vl_bruto::text, vl_liquido::text, de_tabela, co_agencia, co_conta_corrente from proposta where id_proposta = $1',
        [person.paidProposal],
      ),
    ).toEqual({
      co_ade: `TIT-${serial}`,
      id_banco: 318,
      id_tipo_credito: 1,
      id_status: 60,
      nu_parcelas: 84,
      vl_parcela: '150.25',
      vl_bruto: '6000.00',
      vl_liquido: '5800.10',
      de_tabela: 'INSS 1,66%',
      co_agencia: '1234',
      co_conta_corrente: '998877',
    });
    expect(await count('proposta_historico where id_proposta = $1', [person.paidProposal])).toBe(2);
    expect(
      await one('select tx_chamado, tx_resposta, bl_anexo, tp_anexo, id_status from chamado where id_proposta = $1', [person.paidProposal]),
    ).toEqual({
      tx_chamado: REMOVED_TEXT,
      tx_resposta: REMOVED_TEXT,
      bl_anexo: null,
      tp_anexo: null,
      id_status: 75,
    });
    // The call stays (reports, the company's record) without the client's number and its recording.
    expect(await one('select nu_origem, nu_destino, co_gravacao, de_gravacao from ligacao where id_ligacao = $1', [person.call])).toEqual({
      nu_origem: '1001',
      nu_destino: '',
      co_gravacao: 'expirada',
      de_gravacao: null,
    });
    expect(await count("importacao_rejeitada where de_motivo = 'Telefone inválido.' and tx_linha = $1", [REMOVED_TEXT])).toBe(1);
    expect(await count("importacao_rejeitada where tx_linha = '111.111.111-11;Outra Pessoa'", [])).toBeGreaterThan(0);
    // The suppression list is the person's own request: it stays.
    expect(await count('nao_perturbe where id_empresa = 1 and co_telefone = any($1)', [person.phones])).toBe(2);

    const [row] = await auditRows('titular.anonimizacao', person.cpf);
    expect(row).toEqual({
      actor: await personIdOf(MANAGER),
      address: ADDRESS,
      detail: { CO_CPF: person.cpf, ...result },
      before: null,
      after: null,
    });

    // The recording's file goes after the commit, by the job enqueued with it.
    const [job] = await query<{ id: number; payload: Body; company: number }>(
      'select id_tarefa as id, de_dados as payload, id_empresa as company from tarefa where co_tipo = $1',
      [RECORDING_REMOVAL_JOB],
    );
    expect(job).toEqual({ id: expect.any(Number), payload: { chaves: [person.recordingKey] }, company: 1 });
    expect(await storage.size(person.recordingKey)).toBe(12);
    await recordingRemovalHandler(storage)({ payload: job.payload } as unknown as Job);
    expect(await storage.size(person.recordingKey)).toBeUndefined();
    // Run again (the queue delivers at least once): nothing there is no error.
    await recordingRemovalHandler(storage)({ payload: job.payload } as unknown as Job);

    // The summary still finds the CPF, says since when it is anonymised, and what is left.
    const summary = (await as(MANAGER, 'GET', path(person.cpf))).body.data;
    expect(summary).toMatchObject({
      DE_Titular: 'Titular anonimizado',
      TS_Anonimizacao: expect.stringMatching(/Z$/),
      SN_PodeAnonimizar: 1,
    });
    const counts = Object.fromEntries(summary.contagens.map((c: Body) => [c.CO_Categoria, c.NU_Registros]));
    expect(counts).toMatchObject({ telefones: 0, documentos: 0, gravacoes: 0, fila: 0, simulacoes: 0, propostas: 2, operacoes: 1 });
    const file = JSON.parse((await download(person.cpf)).text);
    expect(file.resumo[1]).toMatch(
      /^O titular foi anonimizado em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}: restam o CPF e as propostas que a lei exige guardar\.$/,
    );
    expect(JSON.stringify(file)).not.toContain('Maria');

    // A do-not-call request now has no phone to add.
    expect((await as(MANAGER, 'POST', path(person.cpf, 'nao-perturbe'))).body).toMatchObject({
      text: 'O titular não tem telefones cadastrados: nada a incluir no Não Me Perturbe.',
      data: { NU_Telefones: 0, NU_Incluidos: 0, NU_JaExistentes: 0 },
    });
  });
});

describe("the recordings' removal job", () => {
  it('fails the attempt when the storage fails, so the queue retries it with its backoff', async () => {
    const failing = { ...storage, delete: () => Promise.reject(new Error('armazenamento fora do ar')) };
    await expect(recordingRemovalHandler(failing)({ payload: { chaves: ['1/2026-11-27/1.wav'] } } as unknown as Job)).rejects.toThrow(
      'armazenamento fora do ar',
    );
  });
});
