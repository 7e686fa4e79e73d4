import { offerFromInstallment, percentRate, saoPauloDate, centsToDecimalText, toCents } from '@consig/shared/credit';
import { makeCpf } from '@consig/shared/format';
import { DEMO_CLIENTS, demoOperationAccount } from '../src/db/demoData';
import { DEMO_RATES } from '../src/db/seedRates';
import { useSignedInDemoApp, demoClientId } from './harness';

/**
 * The operation card's bank fields and what POST /crm/atualizaOperacao stores: the card's bank and
 * account, the selection and the client fields it carries, in one transaction; the proposal's rule on a
 * selected card without an account; SIAPE, EGC and EGI offers within their caps.
 */
const demo = useSignedInDemoApp();
const { get, tokens } = demo;
const ATTENDANT = 'atendente@demo.com.br';
const update = (body: unknown, email = ATTENDANT) => demo.app.call('POST', '/crm/atualizaOperacao', { token: tokens[email], body });
const register = (body: unknown) => demo.app.call('POST', '/crm/proposta/0', { token: tokens[ATTENDANT], body });

type Client = (typeof DEMO_CLIENTS)[number];
const byName = (name: string) => DEMO_CLIENTS.find((c) => c.name === name)!;
const JOSE = byName('José Carlos Pereira'); // INSS at Banco BMG (318), company 1
const MARIA = byName('Maria Aparecida Santos'); // INSS, company 1
const EDSON = byName('Edson Arantes Melo'); // company 1: the SIAPE, EGC and EGI cards below are his
const OSVALDO = byName('Osvaldo Pires Campos'); // company 2
const INSS = 1;
const ML = 2;
const SIAPE = 3;
const EGC = 6;
const EGI = 7;
const ACCOUNT = {
  CO_Banco: '318',
  CO_Agencia: '1234',
  CO_AgenciaDV: '5',
  CO_ContaCorrente: '56789',
  CO_ContaCorrenteDV: '0',
  ID_TipoConta: 2,
};
const REQUIRED_TEXT = 'Este campo é obrigatório caso operação esteja selecionada.';

const today = () => saoPauloDate(new Date());
const clientId = (client: Client) => demoClientId(demo.app.db, client);
const operationId = async (client: Client, type: number) =>
  (
    await demo.app.db.query<{ id: number }>('select id_operacao as id from operacao where id_cliente = $1 and id_tipo_credito = $2', [
      await clientId(client),
      type,
    ])
  )[0].id;
const cardOf = async (client: Client, type: number, email = ATTENDANT) => {
  const cards: { ID_TipoCredito: number }[] = (await get(`/crm/cliente/operacoes/${await clientId(client)}`, email)).body.data;
  return cards.find((card) => card.ID_TipoCredito === type)!;
};
const recordOf = async (client: Client) => (await get(`/crm/cliente/basicoPorID/${await clientId(client)}`, ATTENDANT)).body.data.cliente;
/** Every row a recalculation may touch, to prove a refused request wrote nothing. */
const snapshot = async () => ({
  operations: await demo.app.db.query('select * from operacao order by id_operacao'),
  clients: await demo.app.db.query('select * from cliente order by id_cliente'),
  phones: await demo.app.db.query('select * from telefone order by id_telefone'),
  proposals: await demo.app.db.query('select * from proposta order by id_proposta'),
});

/** A card of a type the demo data does not give, for Edson, with its base value and free margin in reais. */
async function addCard(type: number, base: string, margin: string) {
  const [{ id }] = await demo.app.db.query<{ id: number }>(
    `insert into operacao (id_empresa, id_cliente, id_tipo_credito, nu_parcelas, vl_base_calculo, vl_margem)
     values (1, $1, $2, 0, $3, $4) returning id_operacao as id`,
    [await clientId(EDSON), type, base, margin],
  );
  return id;
}

describe('the bank fields of an operation card', () => {
  it('needs a session: 401 without a token, nothing written', async () => {
    const before = await snapshot();
    const id = await operationId(JOSE, INSS);
    expect(
      await demo.app.call('POST', '/crm/atualizaOperacao', { body: { OperacaoID: id, NU_Parcelas: 84, VL_Parcela: '100.00', ...ACCOUNT } }),
    ).toEqual({
      status: 401,
      body: { success: false, text: 'Sessão expirada ou inválida. Entre novamente.' },
    });
    expect(await snapshot()).toEqual(before);
  });

  it('are answered as stored (the demo account), then changed with the selection and read back by GET /crm/cliente/operacoes', async () => {
    const seeded = demoOperationAccount(MARIA);
    expect(await cardOf(MARIA, INSS)).toMatchObject({
      CO_Banco: '318',
      CO_Agencia: seeded.branch,
      CO_AgenciaDV: null,
      CO_ContaCorrente: seeded.account,
      CO_ContaCorrenteDV: seeded.accountDigit,
      ID_TipoConta: seeded.accountType,
    });
    const id = await operationId(MARIA, INSS);
    const { body } = await update({ OperacaoID: id, NU_Parcelas: 84, VL_Parcela: '500.00', SN_Selecionado: true, ...ACCOUNT });
    expect(body).toMatchObject({ success: true, data: { SN_Selecionado: 1 } });
    expect(await cardOf(MARIA, INSS)).toMatchObject({ SN_Selecionado: 1, DE_Banco: 'Banco BMG', ...ACCOUNT });

    // A field left out keeps its value; null or '' clears it; a select's number is a bank code too.
    await update({
      OperacaoID: id,
      NU_Parcelas: 84,
      VL_Parcela: '500.00',
      CO_AgenciaDV: null,
      CO_ContaCorrente: '98765',
      ID_TipoConta: '1',
      CO_Banco: 318,
    });
    expect(await cardOf(MARIA, INSS)).toMatchObject({
      ...ACCOUNT,
      CO_AgenciaDV: null,
      CO_ContaCorrente: '98765',
      ID_TipoConta: 1,
      SN_Selecionado: 1,
    });
  });

  it('choosing another bank on the card moves the operation there: its name, and the rate in force at that bank', async () => {
    const id = await operationId(JOSE, INSS);
    expect(await cardOf(JOSE, INSS)).toMatchObject({ CO_Banco: '318', VL_Taxa: '1.66' }); // BMG's own INSS rate
    const { body } = await update({ OperacaoID: id, NU_Parcelas: 84, VL_Parcela: '500.00', CO_Banco: 1 });
    const offer = offerFromInstallment({ installment: 50_000, rate: percentRate('1.80'), term: 84, iof: { contractDate: today() } });
    expect(body).toMatchObject({ success: true, data: { VL_Taxa: '1.80', VL_Bruto: centsToDecimalText(offer.gross) } }); // the company's INSS rate
    expect(await cardOf(JOSE, INSS)).toMatchObject({ CO_Banco: '001', DE_Banco: 'Banco do Brasil', VL_Taxa: '1.80' });
    await update({ OperacaoID: id, NU_Parcelas: 84, VL_Parcela: '1120.00', CO_Banco: '318' }); // back as the demo has it
  });

  it('refuses a bank field that is not digits, an unknown bank or account type, and a non-ML bank on an ML card: 400, nothing written', async () => {
    const id = await operationId(JOSE, INSS);
    const [{ id: mlId }] = await demo.app.db.query<{ id: number }>(
      "insert into operacao (id_empresa, id_cliente, id_tipo_credito, id_banco, nu_parcelas, vl_base_calculo, vl_margem) values (1, $1, $2, 318, 84, '3200.00', '1120.00') returning id_operacao as id",
      [await clientId(JOSE), ML],
    );
    const base = { OperacaoID: id, NU_Parcelas: 84, VL_Parcela: '100.00' };
    const before = await snapshot();
    const cases: [object, string][] = [
      [{ CO_Agencia: '12a4' }, 'CO_Agencia: Apenas números.'],
      [{ CO_AgenciaDV: 'X' }, 'CO_AgenciaDV: Apenas números.'],
      [{ CO_ContaCorrente: '5678-9' }, 'CO_ContaCorrente: Apenas números.'],
      [{ CO_ContaCorrenteDV: ' 1' }, 'CO_ContaCorrenteDV: Apenas números.'],
      [{ CO_Banco: 'BMG' }, 'CO_Banco: Apenas números.'],
      [{ CO_Banco: -318 }, 'CO_Banco: Apenas números.'],
      [{ CO_Banco: 3180 }, 'CO_Banco: Use no máximo 3 caracteres.'],
      [{ CO_ContaCorrenteDV: '123' }, 'CO_ContaCorrenteDV: Use no máximo 2 caracteres.'],
      [{ CO_Agencia: true }, 'CO_Agencia: Apenas números.'],
      [{ ID_TipoConta: 4 }, 'ID_TipoConta: Opção inválida.'],
      [{ CO_Banco: '999' }, 'CO_Banco: Banco inexistente.'],
      [{ OperacaoID: mlId, CO_Banco: '001' }, 'CO_Banco: Para ML, escolha Banco BMG, Banrisul, Banco Pan, Banco Safra ou Banco Daycoval.'],
    ];
    for (const [changes, text] of cases) {
      const answer = await update({ ...base, ...ACCOUNT, ...changes });
      expect({ changes, answer }).toEqual({ changes, answer: { status: 400, body: { success: false, text } } });
    }
    expect(await snapshot()).toEqual(before);
    // An ML bank is fine on the ML card.
    expect((await update({ OperacaoID: mlId, NU_Parcelas: 84, VL_Parcela: '100.00', CO_Banco: '041' })).body).toMatchObject({
      success: true,
    });
    expect(await demo.app.db.query('select id_banco from operacao where id_operacao = $1', [mlId])).toEqual([{ id_banco: 41 }]);
    await demo.app.db.query('delete from operacao where id_operacao = $1', [mlId]);
  });

  it('writes nothing, bank and client fields included, when the offer is refused', async () => {
    const id = await operationId(JOSE, INSS);
    const before = await snapshot();
    expect(
      await update({
        OperacaoID: id,
        NU_Parcelas: 84,
        VL_Parcela: '1120.01',
        ...ACCOUNT,
        CO_Banco: '1',
        SN_Selecionado: true,
        EM_Email: 'novo@exemplo.com.br',
      }),
    ).toEqual({
      status: 200,
      body: { success: false, text: 'A parcela de R$ 1.120,01 excede a margem disponível de R$ 1.120,00.' },
    });
    expect(await snapshot()).toEqual(before);
  });

  it("answers 404 for another company's operation, writing nothing; its own company may store its account", async () => {
    const other = await operationId(OSVALDO, INSS);
    const before = await snapshot();
    const body = { OperacaoID: other, NU_Parcelas: 84, VL_Parcela: '10.00', SN_Selecionado: 1, ...ACCOUNT, DE_Pessoa: 'Outro Nome' };
    for (const email of [ATTENDANT, 'gerente@demo.com.br']) {
      expect(await update(body, email)).toEqual({ status: 404, body: { success: false, text: 'Operação não encontrada.' } });
    }
    expect(await snapshot()).toEqual(before);
    expect((await update({ ...body, DE_Pessoa: undefined }, 'atendente@outra.com.br')).body.success).toBe(true);
    expect(await cardOf(OSVALDO, INSS, 'atendente@outra.com.br')).toMatchObject(ACCOUNT);
  });
});

describe('the client fields POST /crm/atualizaOperacao carries', () => {
  it('are stored on the client in their compact forms and read back by GET /crm/cliente/basicoPorID; the rest stays', async () => {
    const id = await operationId(MARIA, INSS);
    const before = await recordOf(MARIA);
    const carried = {
      DE_Telefone: '21912345678',
      DE_Pessoa: 'Maria Aparecida dos Santos',
      EM_Email: 'maria.santos@exemplo.com.br',
      DT_Admissao: '01022010',
      CO_Cep: '22070011',
      CO_CNPJ: '12abc34501de35',
      DT_Nascimento: '25071958',
      VL_Salario: '2900.50',
    };
    expect((await update({ OperacaoID: id, NU_Parcelas: 84, VL_Parcela: '500.00', ...carried })).body).toMatchObject({ success: true });
    expect(await recordOf(MARIA)).toEqual({
      ...before,
      DE_Pessoa: 'Maria Aparecida dos Santos',
      EM_Email: 'maria.santos@exemplo.com.br',
      DT_Admissao: '01/02/2010',
      CO_Cep: '22070011',
      CO_CNPJ: '12ABC34501DE35',
      DE_Nascimento: '25/07/1958',
      VL_SalarioBruto: '2900.50',
    });
    const phones = (await get(`/crm/cliente/telefones/${await clientId(MARIA)}`, ATTENDANT)).body.data.map(
      (phone: { DE_Telefone: string }) => phone.DE_Telefone,
    );
    expect(phones).toEqual([...MARIA.phones, '21912345678']);

    // An empty name or phone is "not typed yet" and keeps what is stored; an empty e-mail clears it.
    await update({ OperacaoID: id, NU_Parcelas: 84, VL_Parcela: '500.00', DE_Pessoa: '', DE_Telefone: '', EM_Email: '' });
    expect(await recordOf(MARIA)).toMatchObject({ DE_Pessoa: 'Maria Aparecida dos Santos', EM_Email: '' });
  });

  it("refuses a field against the client form's rules with 400 naming it, and writes nothing", async () => {
    const id = await operationId(JOSE, INSS);
    const base = { OperacaoID: id, NU_Parcelas: 84, VL_Parcela: '100.00', ...ACCOUNT };
    const before = await snapshot();
    const cases: [object, string][] = [
      [{ EM_Email: 'jose@' }, 'EM_Email: Email inválido.'],
      [{ DE_Pessoa: 'José 2' }, 'DE_Pessoa: Números não são permitidos.'],
      [{ DE_Telefone: '119876' }, 'DE_Telefone: Deve conter 11 dígitos.'],
      [{ DE_Telefone: '1198765432x' }, 'DE_Telefone: Apenas números.'],
      [{ DT_Nascimento: '31022000' }, 'DT_Nascimento: Data inválida ou mal formatado.'],
      [{ DT_Admissao: '0102201' }, 'DT_Admissao: Deve conter 10 caracteres.'],
      [{ CO_Cep: '2207001' }, 'CO_Cep: CEP inválido ou mal formatado.'],
      [{ CO_CNPJ: '11111111111111' }, 'CO_CNPJ: CNPJ inválido.'],
      [{ VL_Salario: '1,5' }, 'VL_Salario: Valor inválido: use até duas casas decimais com ponto (1234.56).'],
    ];
    for (const [changes, text] of cases) {
      const answer = await update({ ...base, ...changes });
      expect({ changes, answer }).toEqual({ changes, answer: { status: 400, body: { success: false, text } } });
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe("POST /crm/proposta/0 and the card's account", () => {
  it('refuses a selected operation without its account with the §5 text, writing nothing; a proposal carries the card’s bank and account', async () => {
    const id = await clientId(MARIA);
    const cliente = { ...(await recordOf(MARIA)), EM_Email: 'maria@exemplo.com.br' }; // full mode wants an e-mail
    const card = await cardOf(MARIA, INSS);
    const before = await snapshot();
    for (const field of ['CO_Banco', 'CO_Agencia', 'CO_ContaCorrente', 'CO_ContaCorrenteDV'] as const) {
      const answer = await register({ cliente, contratar: [{ ...card, ...ACCOUNT, [field]: '', SN_Selecionado: true }] });
      expect({ field, answer }).toEqual({
        field,
        answer: { status: 400, body: { success: false, text: `contratar.0.${field}: ${REQUIRED_TEXT}` } },
      });
    }
    expect(await snapshot()).toEqual(before);
    // Without the agency DV, which is optional: registered with the card's bank and account.
    const { body } = await register({ cliente, contratar: [{ ...card, ...ACCOUNT, CO_AgenciaDV: '', SN_Selecionado: true }] });
    expect(body).toMatchObject({ success: true, text: `Proposta ADE ${body.data[0].CO_ADE} registrada com sucesso.` });
    expect((await snapshot()).proposals).toHaveLength(before.proposals.length + 1);
    const rows = await demo.app.db.query(
      `select id_banco, id_banco_conta, co_agencia, co_agencia_dv, co_conta_corrente, co_conta_corrente_dv, id_tipo_conta
         from proposta where id_proposta = $1 and id_cliente = $2`,
      [body.data[0].ID_Proposta, id],
    );
    expect(rows).toEqual([
      {
        id_banco: 318,
        id_banco_conta: 318,
        co_agencia: '1234',
        co_agencia_dv: null,
        co_conta_corrente: '56789',
        co_conta_corrente_dv: '0',
        id_tipo_conta: 2,
      },
    ]);
  });
});

describe('SIAPE, EGC and EGI offers', () => {
  // Edson is no lead of the attendant's: they work him once they look him up by his CPF ('Novo Cliente').
  beforeAll(async () => expect((await get(`/crm/cliente/basico/${makeCpf(EDSON.cpfBase)}`, ATTENDANT)).status).toBe(200));
  const rateOf = (type: number) => DEMO_RATES.find((rate) => rate.company === 1 && rate.creditType === type && rate.bank === null)!.percent;
  const CAPS: Record<number, string> = { [SIAPE]: '1.80', [EGC]: '3.50', [EGI]: '2.00' };

  it('are computed by the price table at the rate in force, which is within the cap, and shown on the card', async () => {
    const cases: [type: number, term: number, installment: string, base: string, margin: string][] = [
      [SIAPE, 96, '1200.00', '9000.00', '3150.00'],
      [EGC, 48, '1500.00', '60000.00', '0.00'],
      [EGI, 240, '3500.00', '500000.00', '0.00'],
    ];
    for (const [type, term, installment, base, margin] of cases) {
      const id = await addCard(type, base, margin);
      const rate = rateOf(type);
      expect(Number(rate)).toBeLessThanOrEqual(Number(CAPS[type]));
      const { body } = await update({ OperacaoID: id, NU_Parcelas: term, VL_Parcela: installment, SN_Selecionado: true });
      const offer = offerFromInstallment({
        installment: toCents(installment),
        rate: percentRate(rate),
        term,
        iof: { contractDate: today() },
      });
      expect({ type, body }).toEqual({
        type,
        body: {
          success: true,
          text: 'Operação atualizada.',
          data: expect.objectContaining({
            NU_Parcelas: term,
            VL_Parcela: installment,
            VL_Bruto: centsToDecimalText(offer.gross),
            VL_Liquido: centsToDecimalText(offer.net),
            VL_IOF: centsToDecimalText(offer.iof),
            VL_Taxa: rate,
          }),
        },
      });
      expect(await cardOf(EDSON, type)).toMatchObject({
        DE_Mensagem: null,
        VL_Taxa: rate,
        NU_Parcelas: term,
        VL_Bruto: centsToDecimalText(offer.gross),
      });
    }
  });

  it('refuse a term outside their list, a SIAPE term above 96 and an installment above the SIAPE margin', async () => {
    const siape = await operationId(EDSON, SIAPE);
    const egi = await operationId(EDSON, EGI);
    const before = await snapshot();
    expect((await update({ OperacaoID: siape, NU_Parcelas: 120, VL_Parcela: '100.00' })).body).toEqual({
      success: false,
      text: 'O prazo de 120 parcelas excede o máximo de 96 parcelas em vigor.',
    });
    expect((await update({ OperacaoID: siape, NU_Parcelas: 90, VL_Parcela: '100.00' })).body).toEqual({
      success: false,
      text: 'O prazo de 90 parcelas não é permitido para SIAPE: use 12, 24, 36, 48, 60, 72, 84 ou 96 parcelas.',
    });
    expect((await update({ OperacaoID: siape, NU_Parcelas: 96, VL_Parcela: '3150.01' })).body).toEqual({
      success: false,
      text: 'A parcela de R$ 3.150,01 excede a margem disponível de R$ 3.150,00.',
    });
    expect((await update({ OperacaoID: egi, NU_Parcelas: 96, VL_Parcela: '100.00' })).body).toEqual({
      success: false,
      text: 'O prazo de 96 parcelas não é permitido para EGI: use 36, 60, 120, 180 ou 240 parcelas.',
    });
    expect(await snapshot()).toEqual(before);
  });

  it('refuse to compute with a configured rate above the cap in force (SIAPE) or the company ceiling (EGC, EGI)', async () => {
    const above: [type: number, percent: string, text: string][] = [
      [SIAPE, '1.81', 'A taxa de 1,81% a.m. excede o teto de 1,80% a.m. em vigor.'],
      [EGC, '3.51', 'A taxa de 3,51% a.m. excede o teto de 3,50% a.m. em vigor.'],
      [EGI, '2.01', 'A taxa de 2,01% a.m. excede o teto de 2,00% a.m. em vigor.'],
    ];
    for (const [type, percent, text] of above) {
      await demo.app.db.query(
        "insert into taxa (id_empresa, id_tipo_credito, vl_taxa_mensal, dt_vigencia, de_fonte) values (1, $1, $2, $3, 'teste')",
        [type, percent, today()],
      );
      const id = await operationId(EDSON, type);
      const term = type === EGI ? 60 : 48;
      expect({ type, body: (await update({ OperacaoID: id, NU_Parcelas: term, VL_Parcela: '100.00' })).body }).toEqual({
        type,
        body: { success: false, text },
      });
      expect(await cardOf(EDSON, type)).toMatchObject({ DE_Mensagem: text, VL_Taxa: null });
    }
  });
});
