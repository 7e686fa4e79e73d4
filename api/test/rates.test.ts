import { RATES_TEXT } from '@consig/shared/contracts';
import { offerFromInstallment, percentRate, saoPauloDate } from '@consig/shared/credit';
import { DEMO_CLIENTS } from '../src/db/demoData';
import { demoClientId, useSignedInDemoApp } from './harness';

// One instant for the whole file, so 'today' (São Paulo) is the same day in every test, even across midnight.
const NOW = new Date();
const demo = useSignedInDemoApp({ clock: () => NOW });
const TODAY = saoPauloDate(NOW);

const MANAGER = 'gerente@demo.com.br';
const SUPERVISOR = 'supervisor@demo.com.br';
const ATTENDANT = 'atendente@demo.com.br';
const OTHER_COMPANY = 'atendente@outra.com.br';
/** The address the manager's requests come from (the test app trusts X-Forwarded-For): the audit keeps it. */
const MANAGER_ADDRESS = '10.23.0.1';

const INSS = 1;
const ML = 2;
const SIAPE = 3;
const EGI = 7;
const BMG = 318;
const JOSE = DEMO_CLIENTS.find((client) => client.name === 'José Carlos Pereira')!; // INSS at Banco BMG, company 1

const EXPIRED = { status: 401, body: { success: false, text: 'Sessão expirada ou inválida. Entre novamente.' } };
const MANAGERS_ONLY = { status: 403, body: { success: false, text: RATES_TEXT.managersOnly } };
const NOT_FOUND = { status: 404, body: { success: false, text: RATES_TEXT.notFound } };
const INSS_CAP_TEXT = 'Teto do CNPS para o empréstimo consignado do INSS';

type Body = Record<string, unknown>;
const as = (email: string, method: string, path: string, body?: unknown) =>
  demo.app.call(method, path, { token: demo.tokens[email], body, headers: { 'x-forwarded-for': MANAGER_ADDRESS } });
const list = (search = '') => as(MANAGER, 'GET', `/cadastros/taxas${search}`);
const create = (body: Body, by = MANAGER) => as(by, 'POST', '/cadastros/taxas', body);
const remove = (id: number | string, by = MANAGER) => as(by, 'DELETE', `/cadastros/taxas/${id}`);

/** The São Paulo day `days` after today. */
function inDays(days: number): string {
  const [year, month, day] = TODAY.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

const rateCount = async () => (await demo.app.db.query<{ n: number }>('select count(*)::int as n from taxa'))[0].n;
const otherCompanyRateId = async () =>
  (await demo.app.db.query<{ id: number }>('select min(id_taxa) as id from taxa where id_empresa = 2'))[0].id;
async function auditRows(action: string) {
  return demo.app.db.query<{ company: number; actor: number; address: string; before: Body | null; after: Body | null }>(
    `select id_empresa as company, id_pessoa as actor, de_endereco as address, js_antes as before, js_depois as after
       from auditoria where tp_acao = $1 order by id_auditoria`,
    [action],
  );
}
const managerId = async () =>
  (await demo.app.db.query<{ id: number }>('select id_pessoa as id from pessoa where em_email = $1', [MANAGER]))[0].id;
/** José's INSS card as GET /crm/cliente/operacoes shows it: priced at the rate in force today. */
async function josesCard() {
  const { body } = await demo.app.call('GET', `/crm/cliente/operacoes/${await demoClientId(demo.app.db, JOSE)}`, {
    token: demo.tokens[ATTENDANT],
  });
  return body.data.find((operation: { ID_TipoCredito: number }) => operation.ID_TipoCredito === INSS);
}
const reais = (cents: number) => `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

describe('who may see and change the rates', () => {
  it('answers 401 without a token', async () => {
    expect(await demo.app.call('GET', '/cadastros/taxas')).toEqual(EXPIRED);
    expect(await demo.app.call('POST', '/cadastros/taxas', { body: {} })).toEqual(EXPIRED);
    expect(await demo.app.call('DELETE', '/cadastros/taxas/1')).toEqual(EXPIRED);
  });

  it('refuses attendants and supervisors (403): the rates price every offer, managers set them', async () => {
    const before = await rateCount();
    for (const email of [ATTENDANT, SUPERVISOR, OTHER_COMPANY]) {
      expect(await as(email, 'GET', '/cadastros/taxas')).toEqual(MANAGERS_ONLY);
      expect(await create({ ID_TipoCredito: ML, VL_TaxaMensal: '1.50', DT_Vigencia: inDays(5) }, email)).toEqual(MANAGERS_ONLY);
      expect(await remove(1, email)).toEqual(MANAGERS_ONLY);
    }
    expect(await rateCount()).toBe(before);
  });
});

describe('GET /cadastros/taxas', () => {
  it("lists the company's rates only, by type, any bank first, with today's state and the cap in force on each one's day", async () => {
    const { status, body } = await list();
    expect(status).toBe(200);
    expect(body.text).toBe('8 taxa(s).');
    const demoRate = { DT_Vigencia: '2025-04-04', DE_Fonte: 'Taxa de demonstração.', DE_Situacao: 'Em vigor' };
    const inssCap = { VL_Teto: '1.85', DT_VigenciaTeto: '2025-04-04', DE_FonteTeto: INSS_CAP_TEXT };
    const noCap = { VL_Teto: null, DT_VigenciaTeto: null, DE_FonteTeto: null };
    expect(body.data).toEqual([
      {
        ID_Taxa: expect.any(Number),
        ID_TipoCredito: 1,
        DE_TipoCredito: 'INSS',
        ID_Banco: null,
        DE_Banco: 'Todos os bancos',
        VL_TaxaMensal: '1.80',
        ...demoRate,
        ...inssCap,
      },
      {
        ID_Taxa: expect.any(Number),
        ID_TipoCredito: 1,
        DE_TipoCredito: 'INSS',
        ID_Banco: BMG,
        DE_Banco: 'Banco BMG',
        VL_TaxaMensal: '1.66',
        ...demoRate,
        ...inssCap,
      },
      {
        ID_Taxa: expect.any(Number),
        ID_TipoCredito: 2,
        DE_TipoCredito: 'ML',
        ID_Banco: null,
        DE_Banco: 'Todos os bancos',
        VL_TaxaMensal: '1.85',
        ...demoRate,
        ...noCap,
      },
      {
        ID_Taxa: expect.any(Number),
        ID_TipoCredito: 3,
        DE_TipoCredito: 'SIAPE',
        ID_Banco: null,
        DE_Banco: 'Todos os bancos',
        VL_TaxaMensal: '1.72',
        ...demoRate,
        VL_Teto: '1.80',
        DT_VigenciaTeto: '2023-12-04',
        DE_FonteTeto: 'Teto do MGI para o consignado SIAPE',
      },
      {
        ID_Taxa: expect.any(Number),
        ID_TipoCredito: 4,
        DE_TipoCredito: 'FGTS',
        ID_Banco: null,
        DE_Banco: 'Todos os bancos',
        VL_TaxaMensal: '1.79',
        ...demoRate,
        ...noCap,
      },
      {
        ID_Taxa: expect.any(Number),
        ID_TipoCredito: 5,
        DE_TipoCredito: 'Crédito Privado',
        ID_Banco: null,
        DE_Banco: 'Todos os bancos',
        VL_TaxaMensal: '3.30',
        ...demoRate,
        ...noCap,
      },
      {
        ID_Taxa: expect.any(Number),
        ID_TipoCredito: 6,
        DE_TipoCredito: 'EGC',
        ID_Banco: null,
        DE_Banco: 'Todos os bancos',
        VL_TaxaMensal: '1.99',
        ...demoRate,
        VL_Teto: '3.50',
        DT_VigenciaTeto: '2000-01-01',
        DE_FonteTeto: 'Teto da empresa para EGC (não há teto legal)',
      },
      {
        ID_Taxa: expect.any(Number),
        ID_TipoCredito: 7,
        DE_TipoCredito: 'EGI',
        ID_Banco: null,
        DE_Banco: 'Todos os bancos',
        VL_TaxaMensal: '1.19',
        ...demoRate,
        VL_Teto: '2.00',
        DT_VigenciaTeto: '2000-01-01',
        DE_FonteTeto: 'Teto da empresa para EGI (não há teto legal)',
      },
    ]);
  });

  it('filters by credit type and by bank (that bank’s own rates), and refuses a malformed filter', async () => {
    const inss = (await list(`?ID_TipoCredito=${INSS}`)).body.data;
    expect(inss.map((rate: Body) => [rate.ID_TipoCredito, rate.ID_Banco])).toEqual([
      [INSS, null],
      [INSS, BMG],
    ]);
    const bmg = (await list(`?ID_Banco=${BMG}`)).body.data;
    expect(bmg.map((rate: Body) => [rate.ID_TipoCredito, rate.ID_Banco, rate.VL_TaxaMensal])).toEqual([[INSS, BMG, '1.66']]);
    expect((await list(`?ID_TipoCredito=${ML}&ID_Banco=${BMG}`)).body).toEqual({ success: true, text: '0 taxa(s).', data: [] });
    expect(await list('?ID_TipoCredito=abc')).toEqual({
      status: 400,
      body: { success: false, text: 'ID_TipoCredito: Identificador inválido.' },
    });
    expect(await list('?ID_Banco=-1')).toEqual({ status: 400, body: { success: false, text: 'ID_Banco: Identificador inválido.' } });
  });
});

describe('POST /cadastros/taxas', () => {
  const valid = { ID_TipoCredito: ML, ID_Banco: null, VL_TaxaMensal: '1.75', DT_Vigencia: '2026-01-15', DE_Fonte: 'Tabela do banco' };

  it('refuses malformed forms with the field and its Portuguese text, writing nothing', async () => {
    const before = await rateCount();
    const cases: [Body, string][] = [
      [{ ...valid, ID_TipoCredito: 8 }, `ID_TipoCredito: ${RATES_TEXT.creditType}`],
      [{ ...valid, ID_TipoCredito: '1' }, `ID_TipoCredito: ${RATES_TEXT.creditType}`],
      [{ ...valid, ID_Banco: 0 }, `ID_Banco: ${RATES_TEXT.bank}`],
      [{ ...valid, ID_Banco: 999 }, `ID_Banco: ${RATES_TEXT.bank}`],
      [{ ...valid, VL_TaxaMensal: '0' }, `VL_TaxaMensal: ${RATES_TEXT.rate}`],
      [{ ...valid, VL_TaxaMensal: '0.0000' }, `VL_TaxaMensal: ${RATES_TEXT.rate}`],
      [{ ...valid, VL_TaxaMensal: '100' }, `VL_TaxaMensal: ${RATES_TEXT.rate}`],
      [{ ...valid, VL_TaxaMensal: '1.85001' }, `VL_TaxaMensal: ${RATES_TEXT.rate}`],
      [{ ...valid, VL_TaxaMensal: '1,85' }, `VL_TaxaMensal: ${RATES_TEXT.rate}`],
      [{ ...valid, VL_TaxaMensal: '-1.5' }, `VL_TaxaMensal: ${RATES_TEXT.rate}`],
      [{ ...valid, VL_TaxaMensal: '1e1' }, `VL_TaxaMensal: ${RATES_TEXT.rate}`],
      [{ ...valid, VL_TaxaMensal: 1.5 }, `VL_TaxaMensal: ${RATES_TEXT.rate}`],
      [{ ...valid, DT_Vigencia: '15/01/2026' }, `DT_Vigencia: ${RATES_TEXT.day}`],
      [{ ...valid, DT_Vigencia: '2026-02-30' }, `DT_Vigencia: ${RATES_TEXT.day}`],
      [{ ...valid, DT_Vigencia: undefined }, `DT_Vigencia: ${RATES_TEXT.day}`],
      [{ ...valid, DE_Fonte: 'x'.repeat(501) }, 'DE_Fonte: Use no máximo 500 caracteres.'],
    ];
    for (const [body, text] of cases) {
      const answer = await create(body);
      expect({ body, answer }).toEqual({ body, answer: { status: 400, body: { success: false, text } } });
    }
    expect(await rateCount()).toBe(before);
  });

  it('refuses a rate above the cap in force on ITS day, with the cap’s text and who set it', async () => {
    const before = await rateCount();
    const inssCap = `excede o teto de 1,85% a.m. em vigor. ${INSS_CAP_TEXT}, desde 04/04/2025.`;
    const cases: [Body, string][] = [
      [{ ID_TipoCredito: INSS, VL_TaxaMensal: '1.86', DT_Vigencia: '2025-05-01' }, `A taxa de 1,86% a.m. ${inssCap}`],
      // Four decimals read as typed: 1,8501% is not shown as the cap's 1,85%.
      [{ ID_TipoCredito: INSS, ID_Banco: BMG, VL_TaxaMensal: '1.8501', DT_Vigencia: inDays(30) }, `A taxa de 1,8501% a.m. ${inssCap}`],
      [
        { ID_TipoCredito: SIAPE, VL_TaxaMensal: '1.81', DT_Vigencia: '2024-01-10' },
        'A taxa de 1,81% a.m. excede o teto de 1,80% a.m. em vigor. Teto do MGI para o consignado SIAPE, desde 04/12/2023.',
      ],
      [
        { ID_TipoCredito: EGI, VL_TaxaMensal: '19.9', DT_Vigencia: inDays(1) },
        'A taxa de 19,90% a.m. excede o teto de 2,00% a.m. em vigor. Teto da empresa para EGI (não há teto legal), desde 01/01/2000.',
      ],
    ];
    for (const [body, text] of cases) {
      const answer = await create(body);
      expect({ body, answer }).toEqual({ body, answer: { status: 400, body: { success: false, text: `VL_TaxaMensal: ${text}` } } });
    }
    expect(await rateCount()).toBe(before);
  });

  it('judges a rate by the cap of its own day: before the INSS cap of 04/04/2025 no cap is recorded, so 1.86 is taken', async () => {
    // The table of caps (@consig/shared/credit INSS_RATE_CAPS) starts on 2025-04-04; today's cap would refuse 1.86.
    const { status, body } = await create({
      ID_TipoCredito: INSS,
      VL_TaxaMensal: '1.86',
      DT_Vigencia: '2025-04-03',
      DE_Fonte: 'Histórico',
    });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      ID_TipoCredito: INSS,
      ID_Banco: null,
      VL_TaxaMensal: '1.86',
      DT_Vigencia: '2025-04-03',
      // The demo's 1.80 from 04/04/2025 came after it and is in force.
      DE_Situacao: 'Substituída',
      VL_Teto: null,
      DT_VigenciaTeto: null,
      DE_FonteTeto: null,
    });
    // A rate equal to the cap is allowed (the cap is inclusive); a type without a cap takes any rate below 100.
    expect((await create({ ID_TipoCredito: SIAPE, VL_TaxaMensal: '1.80', DT_Vigencia: '2024-01-10' })).status).toBe(200);
    expect((await create({ ID_TipoCredito: ML, VL_TaxaMensal: '99.9999', DT_Vigencia: '2020-01-01' })).status).toBe(200);
  });

  it('refuses a second rate of the same type, bank and day (409), but takes the same day for another bank', async () => {
    const before = await rateCount();
    expect(await create({ ID_TipoCredito: INSS, VL_TaxaMensal: '1.70', DT_Vigencia: '2025-04-04' })).toEqual({
      status: 409,
      body: { success: false, text: RATES_TEXT.duplicate },
    });
    expect(await create({ ID_TipoCredito: INSS, ID_Banco: BMG, VL_TaxaMensal: '1.70', DT_Vigencia: '2025-04-04' })).toEqual({
      status: 409,
      body: { success: false, text: RATES_TEXT.duplicate },
    });
    expect(await rateCount()).toBe(before);
    const other = await create({ ID_TipoCredito: INSS, ID_Banco: 1, VL_TaxaMensal: '1.70', DT_Vigencia: '2025-04-04' });
    expect(other.status).toBe(200);
    expect(other.body.data).toMatchObject({ DE_Banco: 'Banco do Brasil', DE_Situacao: 'Em vigor' });
  });

  it('records the creation in the audit, with the row as registered, who and from where', async () => {
    const { body } = await create({
      ID_TipoCredito: EGI,
      VL_TaxaMensal: '1.2',
      DT_Vigencia: inDays(20),
      DE_Fonte: '  Reunião de diretoria  ',
    });
    expect(body).toEqual({
      success: true,
      text: `Taxa cadastrada: EGI, Todos os bancos, 1,20% a.m. a partir de ${inDays(20).split('-').reverse().join('/')}.`,
      data: {
        ID_Taxa: expect.any(Number),
        ID_TipoCredito: EGI,
        DE_TipoCredito: 'EGI',
        ID_Banco: null,
        DE_Banco: 'Todos os bancos',
        VL_TaxaMensal: '1.20',
        DT_Vigencia: inDays(20),
        DE_Fonte: 'Reunião de diretoria',
        DE_Situacao: 'Futura',
        VL_Teto: '2.00',
        DT_VigenciaTeto: '2000-01-01',
        DE_FonteTeto: 'Teto da empresa para EGI (não há teto legal)',
      },
    });
    const rows = (await auditRows('taxa.criacao')).filter((row) => row.after?.ID_Taxa === body.data.ID_Taxa);
    expect(rows).toEqual([{ company: 1, actor: await managerId(), address: MANAGER_ADDRESS, before: null, after: body.data }]);
  });

  it('prices the offers: a rate from today replaces the bank’s rate at once, a future one only on its day', async () => {
    expect(await josesCard()).toMatchObject({ VL_Taxa: '1.66' });
    const future = await create({ ID_TipoCredito: INSS, ID_Banco: BMG, VL_TaxaMensal: '1.50', DT_Vigencia: inDays(1) });
    expect(future.body.data.DE_Situacao).toBe('Futura');
    expect(await josesCard()).toMatchObject({ VL_Taxa: '1.66' });

    const now = await create({ ID_TipoCredito: INSS, ID_Banco: BMG, VL_TaxaMensal: '1.6', DT_Vigencia: TODAY });
    expect(now.body.data.DE_Situacao).toBe('Em vigor');
    const offer = offerFromInstallment({ installment: 112_000, rate: percentRate('1.60'), term: 84, iof: { contractDate: TODAY } });
    expect(await josesCard()).toMatchObject({
      VL_Taxa: '1.60',
      VL_Parcela: '1120.00',
      VL_Bruto: reais(offer.gross),
      VL_Liquido: reais(offer.net),
    });

    const bmg = (await list(`?ID_Banco=${BMG}`)).body.data.map((rate: Body) => [rate.VL_TaxaMensal, rate.DE_Situacao]);
    expect(bmg).toEqual([
      ['1.50', 'Futura'],
      ['1.60', 'Em vigor'],
      ['1.66', 'Substituída'],
    ]);
  });
});

describe('DELETE /cadastros/taxas/{ID_Taxa}', () => {
  it('removes a rate not yet in force, with its audit row', async () => {
    const { body } = await create({ ID_TipoCredito: ML, ID_Banco: 623, VL_TaxaMensal: '1.55', DT_Vigencia: inDays(2) });
    const id = body.data.ID_Taxa;
    expect(await remove(id)).toEqual({
      status: 200,
      body: { success: true, text: `Taxa futura removida: ML, Banco Pan, a partir de ${inDays(2).split('-').reverse().join('/')}.` },
    });
    expect((await list(`?ID_Banco=623`)).body.data).toEqual([]);
    const rows = (await auditRows('taxa.remocao')).filter((row) => row.before?.ID_Taxa === id);
    expect(rows).toEqual([{ company: 1, actor: await managerId(), address: MANAGER_ADDRESS, before: body.data, after: null }]);
    expect(await remove(id)).toEqual(NOT_FOUND);
  });

  it('refuses (409) a rate that is or has been in force: past offers must stay explainable', async () => {
    const today = await create({ ID_TipoCredito: ML, ID_Banco: 707, VL_TaxaMensal: '1.55', DT_Vigencia: TODAY });
    const [demoRate] = (await list(`?ID_TipoCredito=${ML}`)).body.data.filter((rate: Body) => rate.DT_Vigencia === '2025-04-04');
    const before = await rateCount();
    for (const id of [today.body.data.ID_Taxa, demoRate.ID_Taxa]) {
      expect(await remove(id)).toEqual({ status: 409, body: { success: false, text: RATES_TEXT.alreadyInForce } });
    }
    expect(await rateCount()).toBe(before);
  });

  it("answers 404 for another company's rate and an unknown one, 400 for a malformed id", async () => {
    const before = await rateCount();
    expect(await remove(await otherCompanyRateId())).toEqual(NOT_FOUND);
    expect(await remove(2_147_483_647)).toEqual(NOT_FOUND);
    expect(await remove('abc')).toEqual({ status: 400, body: { success: false, text: 'ID_Taxa: Identificador inválido.' } });
    expect(await rateCount()).toBe(before);
  });
});
