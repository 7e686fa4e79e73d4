import { offerFromInstallment, percentRate, saoPauloDate, centsToDecimalText } from '@consig/shared/credit';
import { makeCpf } from '@consig/shared/format';
import { DEMO_CLIENTS } from '../src/db/demoData';
import { useSignedInDemoApp, demoClientId } from './harness';

const demo = useSignedInDemoApp();
const { get, tokens } = demo;
const ATTENDANT = 'atendente@demo.com.br';
const register = (body: unknown, email = ATTENDANT) => demo.app.call('POST', '/crm/proposta/0', { token: tokens[email], body });

const JOSE = DEMO_CLIENTS.find((c) => c.name === 'José Carlos Pereira')!; // INSS at Banco BMG (318), company 1, referrer Marcos Indicações
const ANA = DEMO_CLIENTS.find((c) => c.name === 'Ana Lúcia Martins')!; // FGTS and private credit, company 1
const OSVALDO = DEMO_CLIENTS.find((c) => c.name === 'Osvaldo Pires Campos')!; // company 2
const INSS = 1;
const FGTS = 4;
const CCP = 5;
const ACCOUNT = { CO_Agencia: '1234', CO_ContaCorrente: '56789', CO_ContaCorrenteDV: '0' };

const clientId = (client: (typeof DEMO_CLIENTS)[number]) => demoClientId(demo.app.db, client);

/** The client record and operation cards as the screen holds them (what it sends back as cliente and contratar). */
async function screenOf(client: (typeof DEMO_CLIENTS)[number], email = client.company === 1 ? ATTENDANT : 'atendente@outra.com.br') {
  const id = await clientId(client);
  const cliente = (await get(`/crm/cliente/basicoPorID/${id}`, email)).body.data.cliente;
  const cards: { OperacaoID: number; ID_TipoCredito: number }[] = (await get(`/crm/cliente/operacoes/${id}`, email)).body.data;
  const card = (type: number) => cards.find((c) => c.ID_TipoCredito === type)!;
  return { id, cliente, card };
}

const select = (card: object, changes: object = {}) => ({ ...card, SN_Selecionado: true, ...ACCOUNT, ...changes });
const proposalCount = async () => Number((await demo.app.db.query<{ n: string }>('select count(*)::text as n from proposta'))[0].n);
const typedCount = async (email: string) =>
  (await get('/crm/proposta/status', email)).body.data.find((s: { ID_Status: number }) => s.ID_Status === 10).NU_Quantidade as number;
const streetOf = async (id: number) =>
  (await demo.app.db.query<{ street: string }>('select de_endereco as street from cliente where id_cliente = $1', [id]))[0].street;

describe('POST /crm/proposta/0 refusals', () => {
  it('answers 401 without a token and writes nothing', async () => {
    const before = await proposalCount();
    const { cliente, card } = await screenOf(JOSE);
    expect(await demo.app.call('POST', '/crm/proposta/0', { body: { cliente, contratar: [select(card(INSS))] } })).toEqual({
      status: 401,
      body: { success: false, text: 'Sessão expirada ou inválida. Entre novamente.' },
    });
    expect(await proposalCount()).toBe(before);
  });

  it("asks for a credit suggestion when no operation is selected ('Selecione uma sugestão de crédito.')", async () => {
    const { cliente, card } = await screenOf(JOSE);
    for (const contratar of [[], [{ ...card(INSS), SN_Selecionado: 0 }]]) {
      expect(await register({ cliente, contratar })).toEqual({
        status: 200,
        body: { success: false, text: 'Selecione uma sugestão de crédito.' },
      });
    }
  });

  it('answers each client-form rule (full mode) with 400 and the field', async () => {
    const { cliente, card } = await screenOf(JOSE);
    const contratar = [select(card(INSS))];
    const cases: [object, string][] = [
      [{ EM_Email: 'jose@' }, 'cliente.EM_Email: Email inválido.'],
      [{ EM_Email: '' }, 'cliente.EM_Email: Este campo é obrigatório.'],
      [{ DE_Pessoa: 'José 2' }, 'cliente.DE_Pessoa: Números não são permitidos.'],
      [{ DE_CPF: '111.444' }, 'cliente.DE_CPF: Campo mal formatado ou não preenchido.'],
      [{ DE_Nascimento: '1/3/1954' }, 'cliente.DE_Nascimento: Deve conter 10 caracteres.'],
      [{ DE_Nascimento: '31/02/1954' }, 'cliente.DE_Nascimento: Data inválida ou mal formatado.'],
      [{ CO_Cep: '0100-1000' }, 'cliente.CO_Cep: CEP inválido ou mal formatado.'],
      [{ DE_Cidade: '' }, 'cliente.DE_Cidade: Este campo é obrigatório.'],
      [{ CO_CNPJ: '12.ABC.345/01DE-36' }, 'cliente.CO_CNPJ: CNPJ inválido.'],
      [{ CO_Banco: 999 }, 'cliente.CO_Banco: Código inexistente.'],
    ];
    for (const [changes, text] of cases) {
      expect(await register({ cliente: { ...cliente, ...changes }, contratar })).toEqual({ status: 400, body: { success: false, text } });
    }
  });

  it("answers each operation bank-field rule with 400 and the entry's field", async () => {
    const { cliente, card } = await screenOf(JOSE);
    const cases: [object, string][] = [
      [{ CO_Agencia: '' }, 'contratar.0.CO_Agencia: Este campo é obrigatório caso operação esteja selecionada.'],
      [{ CO_ContaCorrenteDV: null }, 'contratar.0.CO_ContaCorrenteDV: Este campo é obrigatório caso operação esteja selecionada.'],
      [{ CO_ContaCorrente: '12.345' }, 'contratar.0.CO_ContaCorrente: Apenas números.'],
      [{ CO_AgenciaDV: 'X' }, 'contratar.0.CO_AgenciaDV: Apenas números.'],
      [{ CO_Banco: '998' }, 'contratar.0.CO_Banco: Banco inexistente.'],
    ];
    for (const [changes, text] of cases) {
      expect(await register({ cliente, contratar: [select(card(INSS), changes)] })).toEqual({
        status: 400,
        body: { success: false, text },
      });
    }
  });

  it('refuses an installment above the margin with the rule and writes nothing, the client form included', async () => {
    const before = await proposalCount();
    const { id, cliente, card } = await screenOf(JOSE);
    const { body } = await register({
      cliente: { ...cliente, DE_Endereco: 'Rua Recusada' },
      contratar: [select(card(INSS), { VL_Parcela: '1120.01' })],
    });
    expect(body).toEqual({ success: false, text: 'A parcela de R$ 1.120,01 excede a margem disponível de R$ 1.120,00.' });
    expect(await proposalCount()).toBe(before);
    expect(await streetOf(id)).toBe(cliente.DE_Endereco);
  });

  it('writes nothing when one of two operations is refused', async () => {
    const before = await proposalCount();
    const { id, cliente, card } = await screenOf(ANA);
    // Private credit is fine; the FGTS term of 5 years is above the limit in force.
    const { body } = await register({
      cliente: { ...cliente, DE_Endereco: 'Rua Recusada' },
      contratar: [select(card(CCP)), select(card(FGTS), { NU_Parcelas: 5 })],
    });
    expect(body.success).toBe(false);
    expect(body.text).toMatch(/anos/);
    expect(await proposalCount()).toBe(before);
    expect(await streetOf(id)).toBe(cliente.DE_Endereco);
  });

  it("answers 404 for another company's client or operation and writes nothing", async () => {
    const before = await proposalCount();
    const jose = await screenOf(JOSE);
    const osvaldo = await screenOf(OSVALDO);
    // Company 1 with company 2's client, company 2 with company 1's client.
    expect(await register({ cliente: { ...osvaldo.cliente }, contratar: [select(osvaldo.card(INSS))] })).toEqual({
      status: 404,
      body: { success: false, text: 'Cliente não encontrado.' },
    });
    expect(await register({ cliente: jose.cliente, contratar: [select(jose.card(INSS))] }, 'atendente@outra.com.br')).toEqual({
      status: 404,
      body: { success: false, text: 'Cliente não encontrado.' },
    });
    // Company 1's client with company 2's operation, and with another client's operation of company 1.
    const ana = await screenOf(ANA);
    for (const foreign of [osvaldo.card(INSS), ana.card(CCP)]) {
      expect(
        await register({
          cliente: { ...jose.cliente, DE_Endereco: 'Rua Recusada' },
          contratar: [select(jose.card(INSS)), select(foreign)],
        }),
      ).toEqual({
        status: 404,
        body: { success: false, text: 'Operação não encontrada.' },
      });
    }
    expect(await proposalCount()).toBe(before);
    expect(await streetOf(jose.id)).toBe(jose.cliente.DE_Endereco);
  });
});

describe('POST /crm/proposta/0 registering', () => {
  it('saves the form and creates one proposal, status 10, with the server figures, the attendant, the referrer and the campaign', async () => {
    const typedBefore = await typedCount(ATTENDANT);
    const { id, cliente, card } = await screenOf(JOSE);
    // The attendant holds José from a campaign's queue: the proposal is that campaign's (the reports count it there).
    const [{ campaign }] = await demo.app.db.query<{ campaign: number }>(
      'select id_campanha as campaign from campanha where id_empresa = 1 order by id_campanha limit 1',
    );
    await demo.app.db.query(
      `insert into fila (id_empresa, id_campanha, id_cliente, co_estado, id_atendente, ts_lease)
       select 1, $1, $2, 'em_atendimento', id_pessoa, now() + interval '10 minutes' from pessoa where em_email = $3
       on conflict (id_campanha, id_cliente) do update set co_estado = 'em_atendimento', id_atendente = excluded.id_atendente, ts_lease = excluded.ts_lease`,
      [campaign, id, ATTENDANT],
    );
    const changes = { DE_Endereco: 'Rua Nova', DE_Nascimento: '12-03-1954', CO_CNPJ: '12.abc.345/01de-35', DE_Complemento: 'Apto 3' };
    const { status, body } = await register({
      cliente: { ...cliente, ...changes },
      contratar: [select(card(INSS), { VL_Parcela: '1000.00', ID_TipoConta: 2 })],
    });
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      text: expect.any(String),
      data: [{ ID_Proposta: expect.any(Number), CO_ADE: expect.stringMatching(/^\d{10}$/) }],
    });
    // The success toast names the new ADE.
    expect(body.text).toBe(`Proposta ADE ${body.data[0].CO_ADE} registrada com sucesso.`);

    const [row] = await demo.app.db.query<Record<string, unknown>>(
      `select p.id_status, p.co_ade, p.id_tipo_credito, p.id_banco, p.nu_parcelas, p.vl_parcela::text as parcela,
              p.vl_bruto::text as bruto, p.vl_liquido::text as liquido, p.de_tabela, a.em_email as atendente, i.de_indicador as indicador,
              p.dt_digitacao > now() - interval '5 minutes' as agora, p.co_agencia, p.co_conta_corrente, p.co_conta_corrente_dv, p.id_tipo_conta,
              p.id_campanha
         from proposta p join pessoa a on a.id_pessoa = p.id_atendente left join indicador i on i.id_indicador = p.id_indicador
        where p.id_proposta = $1`,
      [body.data[0].ID_Proposta],
    );
    const offer = offerFromInstallment({
      rate: percentRate('1.66'),
      term: 84,
      installment: 100_000,
      debitBalance: 0,
      iof: { contractDate: saoPauloDate(new Date()) },
    });
    expect(row).toEqual({
      id_status: 10,
      co_ade: body.data[0].CO_ADE,
      id_tipo_credito: INSS,
      id_banco: 318,
      nu_parcelas: 84,
      parcela: '1000.00',
      bruto: centsToDecimalText(offer.gross),
      liquido: centsToDecimalText(offer.net),
      de_tabela: 'INSS 1,66% a.m.',
      atendente: ATTENDANT,
      indicador: JOSE.referrer,
      agora: true,
      ...{ co_agencia: '1234', co_conta_corrente: '56789', co_conta_corrente_dv: '0', id_tipo_conta: 2 },
      id_campanha: campaign,
    });

    const saved = (await get(`/crm/cliente/basicoPorID/${id}`, ATTENDANT)).body.data.cliente;
    expect(saved).toMatchObject({
      DE_Endereco: 'Rua Nova',
      DE_Nascimento: '12/03/1954',
      CO_CNPJ: '12ABC34501DE35',
      DE_Complemento: 'Apto 3',
    });
    expect(await typedCount(ATTENDANT)).toBe(typedBefore + 1);
  });

  it('creates one proposal per selected operation with distinct CO_ADE, counted for the caller', async () => {
    const supervisorBefore = await typedCount('supervisor@demo.com.br');
    const { id, cliente, card } = await screenOf(ANA);
    await demo.app.db.query('update operacao set vl_base_calculo = 3000 where id_cliente = $1 and id_tipo_credito = $2', [id, FGTS]);
    const { body } = await register(
      { cliente, contratar: [select(card(CCP)), select(card(FGTS), { NU_Parcelas: 3, CO_Banco: 336 })] },
      'supervisor@demo.com.br',
    );
    expect(body.data).toHaveLength(2);
    const ades = body.data.map((p: { CO_ADE: string }) => p.CO_ADE);
    expect(body).toMatchObject({ success: true, text: `2 propostas registradas com sucesso: ADE ${ades.join(', ')}.` });
    expect(new Set(body.data.map((p: { CO_ADE: string }) => p.CO_ADE)).size).toBe(2);
    const rows = await demo.app.db.query<{ tipo: number; atendente: number; campanha: number | null }>(
      `select id_tipo_credito as tipo, id_atendente as atendente, id_campanha as campanha
         from proposta where id_proposta = any($1::int[]) order by id_tipo_credito`,
      [body.data.map((p: { ID_Proposta: number }) => p.ID_Proposta)],
    );
    const supervisorId = (
      await demo.app.db.query<{ id: number }>('select id_pessoa as id from pessoa where em_email = $1', ['supervisor@demo.com.br'])
    )[0].id;
    // Nobody held Ana from a queue: no campaign.
    expect(rows).toEqual([
      { tipo: FGTS, atendente: supervisorId, campanha: null },
      { tipo: CCP, atendente: supervisorId, campanha: null },
    ]);
    expect(await typedCount('supervisor@demo.com.br')).toBe(supervisorBefore + 2);
  });
});

describe('POST /crm/proposta/0: one proposal in progress per operation', () => {
  const ANTONIO = DEMO_CLIENTS.find((c) => c.name === 'Antônio Ferreira Lima')!; // INSS, company 1
  const LUIZ = DEMO_CLIENTS.find((c) => c.name === 'Luiz Gonzaga Ribeiro')!; // INSS, company 1
  const setStatus = (proposalId: number, status: number) =>
    demo.app.db.query('update proposta set id_status = $2 where id_proposta = $1', [proposalId, status]);

  it('refuses a second proposal for an operation whose proposal is in progress with 409 naming its ADE, writing nothing', async () => {
    const { id, cliente, card } = await screenOf(ANTONIO);
    const first = await register({ cliente, contratar: [select(card(INSS), { VL_Parcela: '500.00' })] });
    expect(first.status).toBe(200);
    const ade = first.body.data[0].CO_ADE;

    const before = await proposalCount();
    // Every role is refused alike, and the client form sent with it is not saved either.
    for (const email of [ATTENDANT, 'supervisor@demo.com.br', 'gerente@demo.com.br']) {
      const again = await register(
        { cliente: { ...cliente, DE_Endereco: 'Rua Recusada' }, contratar: [select(card(INSS), { VL_Parcela: '400.00' })] },
        email,
      );
      expect(again).toEqual({
        status: 409,
        body: { success: false, text: `Já existe a proposta ADE ${ade} em andamento para esta operação.` },
      });
    }
    expect(await proposalCount()).toBe(before);
    expect(await streetOf(id)).toBe(cliente.DE_Endereco);

    // Every status in progress keeps it refused; paid (60), cancelled (90) and refused (91) free the operation.
    for (const status of [20, 30, 40, 50]) {
      await setStatus(first.body.data[0].ID_Proposta, status);
      expect((await register({ cliente, contratar: [select(card(INSS), { VL_Parcela: '400.00' })] })).status).toBe(409);
    }
    await setStatus(first.body.data[0].ID_Proposta, 90);
    const third = await register({ cliente, contratar: [select(card(INSS), { VL_Parcela: '400.00' })] });
    expect(third.status).toBe(200);
    expect(third.body.text).toBe(`Proposta ADE ${third.body.data[0].CO_ADE} registrada com sucesso.`);
  });

  it('lets only one of two simultaneous registrations of one operation through', async () => {
    // Luiz is the second attendant's lead: the first works him once they look him up by his CPF ('Novo Cliente').
    expect((await get(`/crm/cliente/basico/${makeCpf(LUIZ.cpfBase)}`, ATTENDANT)).status).toBe(200);
    const { cliente, card } = await screenOf(LUIZ);
    const before = await proposalCount();
    const body = { cliente, contratar: [select(card(INSS), { VL_Parcela: '300.00' })] };
    const answers = await Promise.all([register(body), register(body, 'atendente2@demo.com.br'), register(body, 'supervisor@demo.com.br')]);
    const created = answers.filter((answer) => answer.status === 200);
    expect(created).toHaveLength(1);
    const ade = created[0].body.data[0].CO_ADE;
    for (const refused of answers.filter((answer) => answer.status !== 200)) {
      expect(refused).toEqual({
        status: 409,
        body: { success: false, text: `Já existe a proposta ADE ${ade} em andamento para esta operação.` },
      });
    }
    expect(await proposalCount()).toBe(before + 1);
  });
});

describe('POST /crm/proposta/0: private payroll credit (CCP) under Lei 15.179/2025', () => {
  const PAULO = DEMO_CLIENTS.find((c) => c.name === 'Paulo Roberto Alves')!; // FGTS and CCP, company 1, income R$ 3.900,00

  it('refuses an installment above 35% of the available remuneration and registers one within it at status 10', async () => {
    const { cliente, card } = await screenOf(PAULO);
    // R$ 3.900,00 gross, no other discounts: the margin is R$ 1.365,00.
    expect(card(CCP)).toMatchObject({ VL_BaseCalculo: '3900.00', VL_Margem: '1365.00' });
    const before = await proposalCount();
    expect((await register({ cliente, contratar: [select(card(CCP), { VL_Parcela: '1365.01' })] })).body).toEqual({
      success: false,
      text: 'A parcela de R$ 1.365,01 excede a margem disponível de R$ 1.365,00.',
    });
    expect(await proposalCount()).toBe(before);

    const { body } = await register({ cliente, contratar: [select(card(CCP), { VL_Parcela: '1365.00' })] });
    expect(body.success).toBe(true);
    const [row] = await demo.app.db.query<{ status: number; tipo: number }>(
      'select id_status as status, id_tipo_credito as tipo from proposta where id_proposta = $1',
      [body.data[0].ID_Proposta],
    );
    // The CRM registers; the formalisation happens on the CTPS Digital / eSocial platform.
    expect(row).toEqual({ status: 10, tipo: CCP });
  });
});
