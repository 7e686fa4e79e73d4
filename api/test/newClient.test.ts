import { makeCpf } from '@consig/shared/format';
import { DEMO_CLIENTS } from '../src/db/demoData';
import { demoProspects } from '../src/db/prospects';
import { useSignedInDemoApp } from './harness';

// 'Novo Cliente' is not a dead end: GET /crm/cliente/basico/{cpf}?cadastrar=0 asks before creating,
// a new client gets the operation cards of its agency, and once its salary is saved its private credit can be simulated.
const demo = useSignedInDemoApp();
const { get, tokens } = demo;
const ATTENDANT = 'atendente@demo.com.br';
const NOT_IN_BASE = { status: 404, body: { success: false, text: 'CPF não encontrado na base. Cadastrar novo cliente?' } };
const FGTS = 4;
const CCP = 5;
const INSS = 1;

const demoCpfs = new Set(DEMO_CLIENTS.map((c) => makeCpf(c.cpfBase)));
const known = new Set([...demoCpfs, ...demoProspects().map((p) => p.cpf)]);
/** Valid CPFs that neither the demo clients nor the prospect base have. */
const unknownCpfs = ['000000191', '987654321', '135792468', '246813579', '112233445'].map(makeCpf).filter((cpf) => !known.has(cpf));
const clientsWithCpf = async (cpf: string) =>
  demo.app.db.query<{ company: number }>('select id_empresa as company from cliente where co_cpf = $1 order by id_empresa', [cpf]);
const cardsOf = async (id: number) => (await get(`/crm/cliente/operacoes/${id}`, ATTENDANT)).body.data as Record<string, unknown>[];

describe('GET /crm/cliente/basico/{cpf}?cadastrar=0', () => {
  it('answers 401 without a token', async () => {
    expect(await demo.app.call('GET', `/crm/cliente/basico/${unknownCpfs[0]}?cadastrar=0`)).toEqual({
      status: 401,
      body: { success: false, text: 'Sessão expirada ou inválida. Entre novamente.' },
    });
  });

  it('asks before creating a client for a valid CPF that no base knows, and creates nothing', async () => {
    const cpf = unknownCpfs[0];
    for (const email of [ATTENDANT, 'supervisor@demo.com.br', 'gerente@demo.com.br']) {
      expect(await demo.app.call('GET', `/crm/cliente/basico/${cpf}?cadastrar=0`, { token: tokens[email] })).toEqual(NOT_IN_BASE);
    }
    expect(await clientsWithCpf(cpf)).toEqual([]);
  });

  it("asks too for another company's client's CPF, never showing that company's client", async () => {
    const osvaldo = makeCpf(DEMO_CLIENTS.find((c) => c.company === 2)!.cpfBase);
    expect(await get(`/crm/cliente/basico/${osvaldo}?cadastrar=0`, ATTENDANT)).toEqual(NOT_IN_BASE);
    expect(await clientsWithCpf(osvaldo)).toEqual([{ company: 2 }]);
  });

  it("answers the company's own client, and makes a client of a CPF of the prospect base, with its INSS and FGTS cards", async () => {
    const jose = DEMO_CLIENTS[0];
    const own = await get(`/crm/cliente/basico/${makeCpf(jose.cpfBase)}?cadastrar=0`, ATTENDANT);
    expect(own).toMatchObject({
      status: 200,
      body: { success: true, text: 'Cliente encontrado.', data: { cliente: { DE_Pessoa: jose.name } } },
    });

    const prospect = demoProspects().find((p) => p.agency === 4 && !demoCpfs.has(p.cpf) && p.income)!;
    const { status, body } = await get(`/crm/cliente/basico/${prospect.cpf}?cadastrar=0`, ATTENDANT);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      success: true,
      text: 'Cliente cadastrado.',
      data: { cliente: { DE_Pessoa: prospect.name, ID_Orgao: 4 } },
    });
    const cards = await cardsOf(body.data.cliente.ClienteID);
    expect(cards.map((card) => card.ID_TipoCredito)).toEqual([INSS, FGTS]);
    // INSS priced on the benefit the base gives: 35% of it as margin, 5% as card margin.
    const base = Number(prospect.income);
    expect(cards[0]).toMatchObject({
      VL_BaseCalculo: base.toFixed(2),
      VL_Margem: (Math.floor(base * 35) / 100).toFixed(2),
      DE_Mensagem: null,
    });
  });

  it("refuses an invalid CPF with 400 'CPF inválido.' and creates nothing", async () => {
    expect(await get('/crm/cliente/basico/11144477736?cadastrar=0', ATTENDANT)).toEqual({
      status: 400,
      body: { success: false, text: 'cpf: CPF inválido.' },
    });
    expect(await clientsWithCpf('11144477736')).toEqual([]);
    expect(await get(`/crm/cliente/basico/${unknownCpfs[0]}?cadastrar=talvez`, ATTENDANT)).toEqual({
      status: 400,
      body: { success: false, text: 'cadastrar: Use 0 ou 1.' },
    });
  });
});

describe("confirming 'Cadastrar novo cliente?'", () => {
  it('creates the empty client with FGTS and private credit cards; saving a salary makes the private credit simulable', async () => {
    const cpf = unknownCpfs[1];
    const { status, body } = await get(`/crm/cliente/basico/${cpf}`, ATTENDANT);
    expect(status).toBe(200);
    const client = body.data.cliente;
    expect(client).toMatchObject({ CO_CPF: cpf, DE_Pessoa: '', VL_SalarioBruto: null });
    const before = await cardsOf(client.ClienteID);
    expect(before.map((card) => card.ID_TipoCredito)).toEqual([FGTS, CCP]);
    expect(before[1]).toMatchObject({
      VL_Margem: '0.00',
      DE_Mensagem: 'Informe o salário do cliente (bruto ou líquido) para calcular a margem de 35% do Crédito do Trabalhador.',
    });

    const filled = {
      ...client,
      DE_Pessoa: 'Joana Nova Cliente',
      DE_Telefone: '11955554444',
      EM_Email: 'joana@exemplo.com.br',
      CO_Cep: '01310-100',
      DE_Endereco: 'Avenida Paulista',
      DE_Bairro: 'Bela Vista',
      DE_Cidade: 'São Paulo',
      SG_Estado: 'SP',
      CO_CNPJ: '11.222.333/0001-81',
      VL_SalarioBruto: '3000.00',
    };
    expect((await demo.app.call('PUT', `/crm/cliente/${client.ClienteID}`, { token: tokens[ATTENDANT], body: filled })).status).toBe(200);
    const ccp = (await cardsOf(client.ClienteID))[1];
    expect(ccp).toMatchObject({ VL_BaseCalculo: '3000.00', VL_Margem: '1050.00', VL_Parcela: '1050.00', DE_Mensagem: null });

    // The card's recalculation and 'Enviar simulação' both work now, within the margin and not above it.
    const recalculate = (installment: string) =>
      demo.app.call('POST', '/crm/atualizaOperacao', {
        token: tokens[ATTENDANT],
        body: { OperacaoID: ccp.OperacaoID, NU_Parcelas: 24, VL_Parcela: installment },
      });
    expect((await recalculate('800.00')).body).toMatchObject({ success: true, data: { VL_Parcela: '800.00' } });
    expect((await recalculate('1050.01')).body).toEqual({
      success: false,
      text: 'A parcela de R$ 1.050,01 excede a margem disponível de R$ 1.050,00.',
    });
    const account = { CO_Banco: '341', CO_Agencia: '1234', CO_ContaCorrente: '56789', CO_ContaCorrenteDV: '0' };
    const sent = await demo.app.call('POST', '/crm/simulacao/enviar', {
      token: tokens[ATTENDANT],
      body: { cliente: filled, contratar: [{ ...ccp, VL_Parcela: '800.00', SN_Selecionado: true, ...account }] },
    });
    expect(sent.body).toMatchObject({ success: true, data: { ID_Simulacao: expect.any(Number) } });
  });
});
