/**
 * Control characters never reach the database (docs/rules.md "Bad input"): in a JSON body, a query string or a
 * path parameter they answer 400 naming the field; in an import's line they reject that line, with its reason.
 * U+0000 used to answer 500 (PostgreSQL refuses it in text) or make an import fail.
 */
import { IMPORT_TEXT } from '@consig/shared/contracts';
import { makeCpf } from '@consig/shared/format';
import { DEMO_CLIENTS } from '../src/db/demoData';
import { demoClientId, useSignedInDemoApp } from './harness';
import { eventually } from './eventually';

const demo = useSignedInDemoApp();
const ATTENDANT = 'atendente@demo.com.br';
const SUPERVISOR = 'supervisor@demo.com.br';
const JOSE = DEMO_CLIENTS.find((c) => c.name === 'José Carlos Pereira')!; // INSS at Banco BMG (318), company 1

const call = (method: string, path: string, email: string, body?: unknown) =>
  demo.app.call(method, path, { token: demo.tokens[email], body });
const refused = (field: string) => ({
  status: 400,
  body: { success: false, text: `${field}: Remova os caracteres de controle do texto.` },
});
const count = async (table: string) => (await demo.app.db.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0].n;

/** Every control character the rule refuses, and the three that are text. */
const CONTROL = ['\u0000', '\u0001', '\u0008', '\u000b', '\u000c', '\u000e', '\u001b', '\u001f', '\u007f'];

beforeAll(async () => {
  await demo.app.app.jobs.start();
});

/** A proposal typed by the attendant for José, inserted as registration would leave it (status 10). */
async function insertProposal(): Promise<number> {
  const [row] = await demo.app.db.query<{ id: number }>(
    `insert into proposta (id_empresa, id_cliente, id_tipo_credito, id_banco, id_atendente, co_ade, nu_parcelas, vl_parcela, vl_bruto, vl_liquido)
     values (1, $1, 1, 318, (select id_pessoa from pessoa where em_email = $2), lpad(nextval('proposta_co_ade')::text, 10, '0'),
             84, 150.00, 6000.00, 5800.00)
     returning id_proposta as id`,
    [await demoClientId(demo.app.db, JOSE), ATTENDANT],
  );
  return row.id;
}

describe('control characters in a request', () => {
  it('refuses each of them in DE_Campanha (campaign creation) with 400 naming the field, and creates nothing', async () => {
    const before = await count('campanha');
    for (const char of CONTROL) {
      expect(await call('POST', '/cadastro/campanha', SUPERVISOR, { ID_Orgao: 4, DE_Campanha: `Campanha${char}Nova` })).toEqual(
        refused('DE_Campanha'),
      );
    }
    expect(await count('campanha')).toBe(before);
  });

  it('refuses NUL in a client field of POST /crm/proposta/0 with the nested field, and writes nothing', async () => {
    const id = await demoClientId(demo.app.db, JOSE);
    const cliente = (await call('GET', `/crm/cliente/basicoPorID/${id}`, ATTENDANT)).body.data.cliente;
    const card = (await call('GET', `/crm/cliente/operacoes/${id}`, ATTENDANT)).body.data.find(
      (c: { ID_TipoCredito: number }) => c.ID_TipoCredito === 1,
    );
    const contratar = [{ ...card, SN_Selecionado: true, CO_Agencia: '1234', CO_ContaCorrente: '56789', CO_ContaCorrenteDV: '0' }];
    const proposals = await count('proposta');
    const street = async () =>
      (await demo.app.db.query<{ street: string }>('select de_endereco as street from cliente where id_cliente = $1', [id]))[0].street;
    const streetBefore = await street();

    expect(await call('POST', '/crm/proposta/0', ATTENDANT, { cliente: { ...cliente, DE_Endereco: 'Rua\u0000Nova' }, contratar })).toEqual(
      refused('cliente.DE_Endereco'),
    );
    expect(
      await call('POST', '/crm/proposta/0', ATTENDANT, { cliente, contratar: [{ ...contratar[0], CO_ContaCorrente: '5678\u00009' }] }),
    ).toEqual(refused('contratar.0.CO_ContaCorrente'));
    expect(await count('proposta')).toBe(proposals);
    expect(await street()).toBe(streetBefore);
  });

  it('refuses NUL in TX_Chamado and TX_Resposta, and writes nothing', async () => {
    const proposalId = await insertProposal();
    const tickets = await count('chamado');
    expect(await call('POST', '/crm/chamado', ATTENDANT, { ID_Proposta: proposalId, TX_Chamado: 'Qual\u0000a taxa?' })).toEqual(
      refused('TX_Chamado'),
    );
    expect(await count('chamado')).toBe(tickets);

    const ticketId = (await call('POST', '/crm/chamado', ATTENDANT, { ID_Proposta: proposalId, TX_Chamado: 'Qual a taxa?' })).body.data
      .ChamadoID;
    expect(await call('POST', `/crm/chamado/${ticketId}/resposta`, SUPERVISOR, { TX_Resposta: 'Taxa\u0000de 1,66%.' })).toEqual(
      refused('TX_Resposta'),
    );
    expect((await call('GET', `/crm/chamado/${proposalId}`, ATTENDANT)).body.data).toEqual([
      expect.objectContaining({ ChamadoID: ticketId, ID_Status: 73, TX_Resposta: null }),
    ]);
  });

  it('keeps tab, CR and LF inside a text', async () => {
    const proposalId = await insertProposal();
    const text = 'Linha 1\r\nLinha 2\tcom tab\nLinha 3';
    const opened = await call('POST', '/crm/chamado', ATTENDANT, { ID_Proposta: proposalId, TX_Chamado: text });
    expect(opened.status).toBe(200);
    expect((await call('GET', `/crm/chamado/${proposalId}`, ATTENDANT)).body.data).toEqual([expect.objectContaining({ TX_Chamado: text })]);
    const campaign = await call('POST', '/cadastro/campanha', SUPERVISOR, { ID_Orgao: 4, DE_Campanha: 'Com\ttab' });
    expect(campaign.status).toBe(200);
  });

  it('refuses a control character in a query string and in a path parameter', async () => {
    expect(await call('GET', '/cadastro/naoperturbe?busca=%00', SUPERVISOR)).toEqual(refused('busca'));
    expect(await call('GET', '/cadastro/naoperturbe?busca=119%1B', SUPERVISOR)).toEqual(refused('busca'));

    expect((await call('POST', '/cadastro/naoperturbe', SUPERVISOR, { DE_Telefone: '31999990077' })).status).toBe(200);
    // Without the rule the phone's digits were kept and the number left the list.
    expect(await call('DELETE', '/cadastro/naoperturbe/31999990077%00', SUPERVISOR)).toEqual(refused('telefone'));
    expect((await call('GET', '/cadastro/naoperturbe?busca=31999990077', SUPERVISOR)).body.data.NU_Total).toBe(1);
  });

  it('refuses NUL in the suppression upload DE_Origem, and takes a file line holding one as invalid', async () => {
    const TX_Base = `data:text/csv;base64,${Buffer.from('31999990081\n31999990082\n').toString('base64')}`;
    const numbers = await count('nao_perturbe');
    expect(await call('POST', '/cadastro/naoperturbe/csv', SUPERVISOR, { TX_Base, DE_Origem: 'Lista\u0000Procon' })).toEqual(
      refused('DE_Origem'),
    );
    expect(await count('nao_perturbe')).toBe(numbers);

    const file = `data:text/csv;base64,${Buffer.from('31999990083\n3199999\u00000084\n31999990085\n').toString('base64')}`;
    expect((await call('POST', '/cadastro/naoperturbe/csv', SUPERVISOR, { TX_Base: file })).body).toMatchObject({
      success: true,
      data: { NU_Incluidos: 2, NU_Invalidos: 1, linhasInvalidas: [2] },
    });
  });
});

describe("control characters in Kamailio's requests", () => {
  const kamailio = (endpoint: string, fields: Record<string, string>) =>
    fetch(`${demo.app.url}/telefonia/sip/${endpoint}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${demo.app.config.sip.apiSecret}` },
      body: new URLSearchParams(fields).toString(),
    }).then(async (response) => ({ status: response.status, text: await response.text() }));

  it('a call event holding one is malformed and answered ok=0 (a 400 would have Kamailio send it again forever)', async () => {
    expect(await kamailio('eventos', { evento: 'encerrada', chamada: 'evento\u0000nul@teste', instante: '1764190000.000000' })).toEqual({
      status: 200,
      text: 'ok=0',
    });
  });

  it('a call placed with one in its Call-ID is refused before anything is recorded', async () => {
    const calls = await count('ligacao');
    const answer = await kamailio('saida', { chamada: 'saida\u0001@teste', ramal: '1001', destino: '11987654321' });
    expect(answer.status).toBe(400);
    expect(await count('ligacao')).toBe(calls);
  });
});

describe('control characters in an import', () => {
  it('rejects the line holding one, with its reason and the line shown, and imports the others', async () => {
    const [campaign] = await demo.app.db.query<{ id: number }>(
      `insert into campanha (id_empresa, co_campanha, de_campanha, id_orgao) values (1, 'CC-1', 'Controle', 1) returning id_campanha as id`,
    );
    const cpfs = ['321654987', '654987321', '987321654', '147258369'].map(makeCpf);
    const file = Buffer.from(
      'CPF;Nome;Nascimento;Observação\n' +
        `${cpfs[0]};Ana Tab\tMaria;01/01/1970;\n` +
        `${cpfs[1]};Bia\u0000Souza;01/01/1970;\n` +
        `${cpfs[2]};Carla Lima;01/01/1970;nota\u0007\n` +
        `${cpfs[3]};Dora Reis;01/01/1970;\n`,
    );
    const started = await call('POST', '/importacao/upload', SUPERVISOR, {
      TX_Base: `data:text/csv;base64,${file.toString('base64')}`,
      ID_Campanha: campaign.id,
      SN_Higienizar: false,
    });
    expect(started.body).toMatchObject({ success: true, text: IMPORT_TEXT.started });
    const importId: number = started.body.data.ID_Importacao;
    await eventually(async () => (await call('GET', `/importacao/${importId}`, SUPERVISOR)).body.data.ID_Status !== 0, 60_000);

    expect((await call('GET', `/importacao/${importId}`, SUPERVISOR)).body.data).toMatchObject({
      ID_Status: 63,
      NU_Importados: 2,
      NU_Rejeitados: 2,
      DE_Motivo: null,
    });
    const queued = await demo.app.db.query<{ cpf: string; name: string }>(
      'select c.co_cpf as cpf, c.de_pessoa as name from fila f join cliente c using (id_cliente) where f.id_campanha = $1 order by c.co_cpf',
      [campaign.id],
    );
    expect(queued).toEqual(
      [
        { cpf: cpfs[0], name: 'Ana Tab\tMaria' },
        { cpf: cpfs[3], name: 'Dora Reis' },
      ].sort((a, b) => a.cpf.localeCompare(b.cpf)),
    );

    const response = await fetch(`${demo.app.url}/importacao/${importId}/rejeitadas`, {
      headers: { authorization: `Bearer ${demo.tokens[SUPERVISOR]}` },
    });
    expect(
      (await response.text())
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n'),
    ).toEqual([
      'Linha;Motivo;Conteúdo original',
      `3;Linha com caracteres de controle na coluna Nome.;"${cpfs[1]};Bia\u2400Souza;01/01/1970;"`,
      `4;Linha com caracteres de controle na 4ª coluna.;"${cpfs[2]};Carla Lima;01/01/1970;nota\u2407"`,
    ]);
  });
});
