import {
  fgtsAnticipation,
  installmentFor,
  largestFgtsTermOn,
  offerFromInstallment,
  offerFromNet,
  percentRate,
  refusalText,
  saoPauloDate,
} from '@consig/shared/credit';
import { DEMO_CLIENTS, demoOperationAccount } from '../src/db/demoData';
import { useSignedInDemoApp, demoClientId } from './harness';

const demo = useSignedInDemoApp();
const { get, tokens } = demo;
const update = (body: unknown, email = 'atendente@demo.com.br') =>
  demo.app.call('POST', '/crm/atualizaOperacao', { token: tokens[email], body });

const JOSE = DEMO_CLIENTS.find((c) => c.name === 'José Carlos Pereira')!; // INSS at Banco BMG, company 1
const ANA = DEMO_CLIENTS.find((c) => c.name === 'Ana Lúcia Martins')!; // FGTS and private credit, company 1
const OSVALDO = DEMO_CLIENTS.find((c) => c.name === 'Osvaldo Pires Campos')!; // company 2
const INSS = 1;
const FGTS = 4;
const CCP = 5;

/** The São Paulo day the API computes on (tests run well away from midnight or take the same day). */
const today = () => saoPauloDate(new Date());

const clientId = (client: (typeof DEMO_CLIENTS)[number]) => demoClientId(demo.app.db, client);

interface StoredRow {
  id: number;
  parcelas: number;
  parcela: string;
  bruto: string;
  liquido: string;
  saldo: string;
  selecionado: number;
  taxa: string | null;
  iof: string | null;
  validade: string | null;
}

/** The client's operation of a credit type, as stored. */
const operationOf = async (client: (typeof DEMO_CLIENTS)[number], type: number) =>
  (
    await demo.app.db.query<StoredRow>(
      `select id_operacao as id, nu_parcelas as parcelas, vl_parcela::text as parcela, vl_bruto::text as bruto,
              vl_liquido::text as liquido, vl_saldo_devedor::text as saldo, sn_selecionado as selecionado,
              vl_taxa::text as taxa, vl_iof::text as iof, to_char(dt_validade, 'YYYY-MM-DD') as validade
         from operacao where id_cliente = $1 and id_tipo_credito = $2`,
      [await clientId(client), type],
    )
  )[0];

const allOperations = () => demo.app.db.query('select * from operacao order by id_operacao');

/** A percent with two decimals, as the API writes CET figures. */
const pct = (fraction: number) => (fraction * 100).toFixed(2);
const reais = (cents: number) => `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

describe('operations need a session', () => {
  it('answers 401 without a token on both routes', async () => {
    const unauthorized = { success: false, text: 'Sessão expirada ou inválida. Entre novamente.' };
    const id = await clientId(JOSE);
    expect(await demo.app.call('GET', `/crm/cliente/operacoes/${id}`)).toEqual({ status: 401, body: unauthorized });
    const op = await operationOf(JOSE, INSS);
    expect(
      await demo.app.call('POST', '/crm/atualizaOperacao', { body: { OperacaoID: op.id, NU_Parcelas: 84, VL_Parcela: '100.00' } }),
    ).toEqual({
      status: 401,
      body: unauthorized,
    });
  });
});

describe('GET /crm/cliente/operacoes/{ClienteID}', () => {
  it("lists the client's cards with the offer the credit module computes at the rate in force, to every role", async () => {
    const id = await clientId(JOSE);
    const stored = await operationOf(JOSE, INSS);
    // José's INSS card is at Banco BMG, whose own demo rate (1.66) wins over the company's INSS rate (1.80).
    const offer = offerFromInstallment({ installment: 112_000, rate: percentRate('1.66'), term: 84, iof: { contractDate: today() } });
    for (const email of ['atendente@demo.com.br', 'supervisor@demo.com.br', 'gerente@demo.com.br']) {
      const { status, body } = await get(`/crm/cliente/operacoes/${id}`, email);
      expect(status).toBe(200);
      expect(body).toEqual({
        success: true,
        text: expect.any(String),
        data: [
          {
            OperacaoID: stored.id,
            ID_Cliente: id,
            ID_TipoCredito: INSS,
            SN_Selecionado: 0,
            NU_Parcelas: 84,
            VL_Parcela: '1120.00', // 35% of the R$ 3.200,00 benefit: the whole free margin
            VL_Bruto: reais(offer.gross),
            VL_Liquido: reais(offer.net),
            VL_SaldoDevedor: '0.00',
            DE_Bruto: expect.stringMatching(/^R\$ \d{2}\.\d{3},\d{2}$/),
            DE_Liquido: expect.stringMatching(/^R\$ \d{2}\.\d{3},\d{2}$/),
            CO_Banco: '318',
            DE_Banco: 'Banco BMG',
            LN_LogoBanco: null,
            // The account the credit is paid into, as the demo seeds it.
            CO_Agencia: demoOperationAccount(JOSE).branch,
            CO_AgenciaDV: null,
            CO_ContaCorrente: demoOperationAccount(JOSE).account,
            CO_ContaCorrenteDV: demoOperationAccount(JOSE).accountDigit,
            ID_TipoConta: demoOperationAccount(JOSE).accountType,
            VL_BaseCalculo: '3200.00',
            VL_Margem: '1120.00',
            VL_MargemCartao: '160.00',
            DE_Mensagem: null,
            VL_Taxa: '1.66',
            VL_IOF: reais(offer.iof),
            VL_CETMensal: pct(offer.cet!.monthly),
            VL_CETAnual: pct(offer.cet!.annual),
            DT_Validade: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
            // §9's INSS list without its 0 ('Selecione'), within the 96 installments in force.
            NU_PrazosPermitidos: [48, 60, 72, 84, 96],
            PropostaEmAndamento: null,
          },
        ],
      });
      expect(offer.net).toBe(offer.gross - offer.iof);
      expect(offer.iof).toBeGreaterThan(0);
    }
  });

  it('says why a card has no offer instead of inventing one (the demo FGTS card: 3 years, no balance checked yet)', async () => {
    const { body } = await get(`/crm/cliente/operacoes/${await clientId(ANA)}`, 'atendente@demo.com.br');
    expect(body.data.map((op: { ID_TipoCredito: number }) => op.ID_TipoCredito)).toEqual([FGTS, CCP]);
    const refused = fgtsAnticipation({ balance: 0, years: 3, monthlyRate: percentRate('1.79'), on: today() });
    if (refused.ok) throw new Error('no balance, no anticipation');
    expect(body.data[0]).toMatchObject({
      NU_Parcelas: 3,
      VL_BaseCalculo: '0.00',
      DE_Mensagem: refusalText(refused.refusal),
      VL_Taxa: null,
      VL_IOF: null,
    });
    expect(body.data[1]).toMatchObject({ NU_Parcelas: 24, VL_Taxa: '3.30', DE_Mensagem: null });
  });

  it("shows each card's proposal in progress (ADE, status), the newest, and no finished one", async () => {
    const id = await clientId(JOSE);
    const operation = await operationOf(JOSE, INSS);
    const attendant = (
      await demo.app.db.query<{ id: number }>("select id_pessoa as id from pessoa where em_email = 'atendente@demo.com.br'")
    )[0].id;
    const propose = async (status: number) =>
      (
        await demo.app.db.query<{ id: number; ade: string }>(
          `insert into proposta (id_empresa, id_cliente, id_operacao, id_tipo_credito, id_banco, id_atendente, id_status, co_ade, nu_parcelas, vl_parcela, vl_bruto, vl_liquido)
           values (1, $1, $2, 1, 318, $3, $4, lpad(nextval('proposta_co_ade')::text, 10, '0'), 84, 1120.00, 50000.00, 49000.00)
           returning id_proposta as id, co_ade as ade`,
          [id, operation.id, attendant, status],
        )
      )[0];
    const cardProposal = async () => (await get(`/crm/cliente/operacoes/${id}`, 'supervisor@demo.com.br')).body.data[0].PropostaEmAndamento;
    const created: number[] = [];
    try {
      for (const finished of [60, 90, 91]) created.push((await propose(finished)).id);
      expect(await cardProposal()).toBeNull();
      const typed = await propose(20);
      created.push(typed.id);
      expect(await cardProposal()).toEqual({ PropostaID: typed.id, CO_ADE: typed.ade, ID_Status: 20, DE_Status: 'Digitada' });
      await demo.app.db.query('update proposta set id_status = 90 where id_proposta = $1', [typed.id]);
      expect(await cardProposal()).toBeNull();
    } finally {
      await demo.app.db.query('delete from proposta where id_proposta = any($1::int[])', [created]);
    }
  });

  it('offers only the terms in force: no 0, FGTS years within the limit of the day', async () => {
    const { body } = await get(`/crm/cliente/operacoes/${await clientId(ANA)}`, 'atendente@demo.com.br');
    const largest = largestFgtsTermOn(today());
    expect(body.data[0].NU_PrazosPermitidos).toEqual(Array.from({ length: largest - 1 }, (_, index) => index + 2));
    expect(body.data[1].NU_PrazosPermitidos).toEqual([12, 24, 36, 48, 60]);
  });

  it("answers 404 for another company's client and an unknown one, and 400 for a malformed id", async () => {
    const notFound = { status: 404, body: { success: false, text: 'Cliente não encontrado.' } };
    const other = await clientId(OSVALDO);
    expect(await get(`/crm/cliente/operacoes/${other}`, 'gerente@demo.com.br')).toEqual(notFound);
    expect(await get('/crm/cliente/operacoes/2147483647', 'atendente@demo.com.br')).toEqual(notFound);
    expect((await get(`/crm/cliente/operacoes/${other}`, 'atendente@outra.com.br')).body.data).toHaveLength(1);
    expect(await get('/crm/cliente/operacoes/0x2a', 'atendente@demo.com.br')).toEqual({
      status: 400,
      body: { success: false, text: 'ClienteID: Identificador inválido.' },
    });
  });
});

describe('POST /crm/atualizaOperacao', () => {
  beforeAll(async () => {
    // A rate of 1.79% a.m. for Ana's private-credit bank (Itaú), the known contract's rate.
    await demo.app.db.query(
      "insert into taxa (id_empresa, id_tipo_credito, id_banco, vl_taxa_mensal, dt_vigencia, de_fonte) values (1, $1, 341, '1.79', '2025-04-04', 'teste')",
      [CCP],
    );
  });

  it('R$ 2.000,00 at 1,79% a.m. over 12 months: the known installment R$ 186,69 gives it back, with IOF and CET, and is stored', async () => {
    const op = await operationOf(ANA, CCP);
    const { status, body } = await update({
      OperacaoID: op.id,
      ID_Cliente: await clientId(ANA),
      NU_Parcelas: 12,
      VL_Parcela: '186.69',
      SN_Selecionado: true,
    });
    const rate = percentRate('1.79');
    const offer = offerFromInstallment({ installment: 18_669, rate, term: 12, iof: { contractDate: today() } });
    // The price table's present value of 12 × 186,69 is R$ 2.000,02 (the installment was rounded), and it
    // is repaid by exactly that installment.
    expect(offer.gross).toBe(200_002);
    expect(installmentFor({ gross: 200_000, rate, term: 12 })).toBe(18_669);
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      text: 'Operação atualizada.',
      data: {
        OperacaoID: op.id,
        SN_Selecionado: 1,
        NU_Parcelas: 12,
        VL_Parcela: '186.69',
        VL_Bruto: '2000.02',
        VL_Liquido: reais(200_002 - offer.iof),
        VL_SaldoDevedor: '0.00',
        DE_Bruto: 'R$ 2.000,02',
        DE_Liquido: expect.stringMatching(/^R\$ 1\.9\d\d,\d\d$/),
        VL_Taxa: '1.79',
        VL_IOF: reais(offer.iof),
        VL_CETMensal: pct(offer.cet!.monthly),
        VL_CETAnual: pct(offer.cet!.annual),
        DT_Validade: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      },
    });
    expect(Number(body.data.VL_CETMensal)).toBeGreaterThan(1.79);
    expect(await operationOf(ANA, CCP)).toEqual({
      id: op.id,
      parcelas: 12,
      parcela: '186.69',
      bruto: '2000.02',
      liquido: body.data.VL_Liquido,
      saldo: '0.00',
      selecionado: 1,
      taxa: '1.7900',
      iof: body.data.VL_IOF,
      validade: body.data.DT_Validade,
    });
    // The list now shows the stored term and installment.
    const list = await get(`/crm/cliente/operacoes/${await clientId(ANA)}`, 'atendente@demo.com.br');
    expect(list.body.data[1]).toMatchObject({ NU_Parcelas: 12, VL_Parcela: '186.69', VL_Bruto: '2000.02', SN_Selecionado: 1 });
  });

  it('solves a net value back to the installment, the debit balance settled out of the gross value', async () => {
    const op = await operationOf(ANA, CCP);
    const { body } = await update({
      OperacaoID: op.id,
      NU_Parcelas: 24,
      VL_Parcela: '186.69',
      VL_Liquido: '2000.00',
      VL_SaldoDevedor: '500.00',
      TP_Calculo: 'liquido',
    });
    const offer = offerFromNet({ net: 200_000, debitBalance: 50_000, rate: percentRate('1.79'), term: 24, iof: { contractDate: today() } });
    expect(body).toMatchObject({
      success: true,
      data: {
        NU_Parcelas: 24,
        VL_Liquido: '2000.00',
        VL_SaldoDevedor: '500.00',
        VL_Parcela: reais(offer.installment),
        VL_Bruto: reais(offer.gross),
        VL_IOF: reais(offer.iof),
      },
    });
    expect(offer.gross - offer.iof - 50_000).toBe(200_000);
    expect((await operationOf(ANA, CCP)).parcela).toBe(reais(offer.installment));
  });

  it('refuses an INSS installment one cent above the free margin with the credit text, writing nothing; the margin itself fits', async () => {
    const op = await operationOf(JOSE, INSS);
    const before = await allOperations();
    expect(await update({ OperacaoID: op.id, NU_Parcelas: 84, VL_Parcela: '1120.01' })).toEqual({
      status: 200,
      body: { success: false, text: 'A parcela de R$ 1.120,01 excede a margem disponível de R$ 1.120,00.' },
    });
    expect(await allOperations()).toEqual(before);
    expect((await update({ OperacaoID: op.id, NU_Parcelas: 96, VL_Parcela: 1120 })).body).toMatchObject({
      success: true,
      data: { VL_Parcela: '1120.00', NU_Parcelas: 96 },
    });
  });

  it('refuses terms the credit type does not allow, and an INSS term above the maximum in force', async () => {
    const inss = await operationOf(JOSE, INSS);
    const ccp = await operationOf(ANA, CCP);
    const before = await allOperations();
    expect((await update({ OperacaoID: inss.id, NU_Parcelas: 97, VL_Parcela: '100.00' })).body).toEqual({
      success: false,
      text: 'O prazo de 97 parcelas excede o máximo de 96 parcelas em vigor.',
    });
    expect((await update({ OperacaoID: inss.id, NU_Parcelas: 50, VL_Parcela: '100.00' })).body).toEqual({
      success: false,
      text: 'O prazo de 50 parcelas não é permitido para INSS: use 48, 60, 72, 84 ou 96 parcelas.',
    });
    expect((await update({ OperacaoID: ccp.id, NU_Parcelas: 72, VL_Parcela: '100.00' })).body).toEqual({
      success: false,
      text: 'O prazo de 72 parcelas não é permitido para Crédito Privado: use 12, 24, 36, 48 ou 60 parcelas.',
    });
    expect(await allOperations()).toEqual(before);
  });

  it('computes FGTS anticipation by the legal table in years, and answers a term above the limit in force with the largest allowed', async () => {
    const op = await operationOf(ANA, FGTS);
    // The balance arrives with the FGTS check (next issue); here it is set as that check will.
    await demo.app.db.query("update operacao set vl_base_calculo = '10000.00' where id_operacao = $1", [op.id]);
    const largest = largestFgtsTermOn(today());
    expect(largest).toBeLessThan(10);
    const before = await allOperations();
    expect((await update({ OperacaoID: op.id, NU_Parcelas: largest + 1 })).body).toEqual({
      success: false,
      text: refusalText({ code: 'term-above-limit', term: largest + 1, largestTerm: largest, unit: 'years' }),
    });
    expect(await allOperations()).toEqual(before);

    const expected = fgtsAnticipation({ balance: 1_000_000, years: largest, monthlyRate: percentRate('1.79'), on: today() });
    if (!expected.ok) throw new Error('a R$ 10.000,00 balance allows the largest term');
    expect((await update({ OperacaoID: op.id, NU_Parcelas: largest })).body).toMatchObject({
      success: true,
      data: { NU_Parcelas: largest, VL_Parcela: '0.00', VL_Bruto: reais(expected.gross), VL_Liquido: reais(expected.net), VL_Taxa: '1.79' },
    });
    expect(expected.net).toBeLessThan(expected.gross);
  });

  it("answers 404 for another company's operation or one of another client, and writes nothing", async () => {
    const other = await operationOf(OSVALDO, INSS);
    const before = await allOperations();
    const notFound = { status: 404, body: { success: false, text: 'Operação não encontrada.' } };
    expect(await update({ OperacaoID: other.id, NU_Parcelas: 84, VL_Parcela: '10.00', SN_Selecionado: 1 }, 'gerente@demo.com.br')).toEqual(
      notFound,
    );
    expect(await update({ OperacaoID: 2_147_483_647, NU_Parcelas: 84, VL_Parcela: '10.00' })).toEqual(notFound);
    const jose = await operationOf(JOSE, INSS);
    expect(await update({ OperacaoID: jose.id, ID_Cliente: await clientId(ANA), NU_Parcelas: 84, VL_Parcela: '10.00' })).toEqual(notFound);
    expect(await allOperations()).toEqual(before);
    // Its own company may update it.
    expect((await update({ OperacaoID: other.id, NU_Parcelas: 84, VL_Parcela: '10.00' }, 'atendente@outra.com.br')).body.success).toBe(
      true,
    );
  });

  it('refuses malformed input with 400 naming the field, and writes nothing', async () => {
    const op = await operationOf(JOSE, INSS);
    const base = { OperacaoID: op.id, NU_Parcelas: 84, VL_Parcela: '100.00' };
    const moneyText = 'Valor inválido: use até duas casas decimais com ponto (1234.56).';
    const before = await allOperations();
    const cases: [unknown, string][] = [
      [{ NU_Parcelas: 84, VL_Parcela: '100.00' }, 'OperacaoID: Operação inválida.'],
      [{ ...base, OperacaoID: '1' }, 'OperacaoID: Operação inválida.'],
      [{ ...base, NU_Parcelas: 8.4 }, 'NU_Parcelas: Prazo inválido.'],
      [{ ...base, NU_Parcelas: '84' }, 'NU_Parcelas: Prazo inválido.'],
      [{ ...base, VL_Parcela: '1,5' }, `VL_Parcela: ${moneyText}`],
      [{ ...base, VL_Parcela: '1e3' }, `VL_Parcela: ${moneyText}`],
      [{ ...base, VL_Parcela: -5 }, `VL_Parcela: ${moneyText}`],
      [{ ...base, VL_Parcela: 0.001 }, `VL_Parcela: ${moneyText}`],
      [{ ...base, VL_SaldoDevedor: '12345678901.00' }, `VL_SaldoDevedor: ${moneyText}`],
      [{ ...base, DE_Pessoa: 'x'.repeat(121) }, 'DE_Pessoa: Use no máximo 120 caracteres.'],
      [{ ...base, EM_Email: 'x'.repeat(255) }, 'EM_Email: Use no máximo 254 caracteres.'],
      [{ OperacaoID: op.id, NU_Parcelas: 84 }, 'VL_Parcela: Informe a parcela ou o valor líquido.'],
      [{ ...base, TP_Calculo: 'liquido' }, 'VL_Liquido: Informe o valor líquido.'],
    ];
    for (const [body, text] of cases) {
      const { status, body: answer } = await update(body);
      expect({ body, status, answer }).toEqual({ body, status: 400, answer: { success: false, text } });
    }
    expect(await allOperations()).toEqual(before);
  });

  it('refuses to compute with a configured INSS rate above the cap in force (last: it changes José’s rate)', async () => {
    await demo.app.db.query(
      "insert into taxa (id_empresa, id_tipo_credito, id_banco, vl_taxa_mensal, dt_vigencia, de_fonte) values (1, $1, 318, '1.86', $2, 'teste')",
      [INSS, today()],
    );
    const op = await operationOf(JOSE, INSS);
    const text = 'A taxa de 1,86% a.m. excede o teto de 1,85% a.m. em vigor.';
    expect((await update({ OperacaoID: op.id, NU_Parcelas: 84, VL_Parcela: '100.00' })).body).toEqual({ success: false, text });
    const { body } = await get(`/crm/cliente/operacoes/${await clientId(JOSE)}`, 'atendente@demo.com.br');
    expect(body.data[0]).toMatchObject({ DE_Mensagem: text, VL_Taxa: null });
  });
});
