import { proposalFilterPath, type ProposalFilters } from '@consig/shared/contracts';
import { parseCsv } from '../src/files/csvText';
import { ALL, newestFirst, seedFollowUp, type FollowUpCompany } from './followupFixture';
import { useSignedInDemoApp } from './harness';

const demo = useSignedInDemoApp();
let co: FollowUpCompany;
// Client names a spreadsheet would run as formulas.
const NAMES = { c1: '=HYPERLINK("http://x";"y")', c2: '@SUM(1+1)' };

beforeAll(async () => {
  co = await seedFollowUp(demo.app, NAMES);
  await demo.app.db.query("update indicador set de_indicador = '-2+3' where id_indicador = $1", [co.ids.I1]);
});

const none = { status: 0, bank: 0, attendant: 0, indicator: 0 };

/** The export over real HTTP, as bytes and parsed records. */
async function exportCsv(token: string | undefined, filters: ProposalFilters) {
  const response = await fetch(demo.app.url + proposalFilterPath('/crm/proposta/csv', filters), {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  const text = bytes.toString('utf8');
  return { response, bytes, text, records: response.ok ? parseCsv(text.replace(/^\uFEFF/, '')).records.map((r) => r.cells) : [] };
}

/** Every ADE of the list for the same filter, all pages. */
async function listAdes(token: string, filters: ProposalFilters): Promise<string[]> {
  const path = proposalFilterPath('/crm/proposta', filters);
  const ades: string[] = [];
  for (let cursor: string | null = null, first = true; first || cursor; first = false) {
    const { body } = await demo.app.call('GET', cursor ? `${path}?cursor=${cursor}` : path, { token });
    ades.push(...body.data.map((row: { CO_ADE: string }) => row.CO_ADE));
    cursor = body.TX_Proximo;
  }
  return ades;
}

describe('GET /crm/proposta/csv/...', () => {
  it('downloads propostas.csv: UTF-8 with BOM, ; and CRLF, the Portuguese header, one line per proposal of the list', async () => {
    const { response, bytes, text, records } = await exportCsv(co.tokens.supervisor, none);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="propostas.csv"');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text.split('\r\n')[0]).toBe('\uFEFFNome;ADE;CPF;Status da Proposta;Atendente;Indicador;Valor;Operação;Banco;Data de digitação');
    const [header, ...rows] = records;
    expect(header[0]).toBe('Nome');
    expect(rows.map((row) => row[1])).toEqual(await listAdes(co.tokens.supervisor, none));
    expect(rows.length).toBe(ALL.length);
  });

  it('formats each cell for a Brazilian spreadsheet and neutralises formulas', async () => {
    const { records } = await exportCsv(co.tokens.manager, none);
    const byAde = new Map(records.slice(1).map((row) => [row[1], row]));
    const statusName: Record<number, string> = { 10: 'Aguardando digitação', 20: 'Digitada', 30: 'Pendente', 40: 'Em análise no banco' };
    for (const p of ALL) {
      const [y, m, d] = [p.day.slice(0, 4), p.day.slice(4, 6), p.day.slice(6)];
      expect(byAde.get(p.ade)).toEqual([
        `'${NAMES[p.client]}`,
        p.ade,
        p.client === 'c1' ? '111.444.777-35' : '529.982.247-25',
        statusName[p.status],
        p.owner === 'a' ? 'Atendente A' : 'Atendente B',
        p.indicator === 'I1' ? "'-2+3" : p.indicator === 'I2' ? 'Indicador Dois' : '',
        p.net.replace('.', ','),
        'INSS',
        p.bankName,
        `${d}/${m}/${y}`,
      ]);
    }
    // 2025-03-01 23:00 in São Paulo is already 2 March in UTC: the day is São Paulo's.
    const lateNight = ALL.find((p) => p.typedAt === '2025-03-02T02:00:00.000Z')!;
    expect(byAde.get(lateNight.ade)![9]).toBe('01/03/2025');
  });

  it('applies the same filters, path shapes and role scoping as the list', async () => {
    const cases: [string, ProposalFilters][] = [
      [co.tokens.supervisor, { ...none, status: 30, bank: 623 }],
      [co.tokens.supervisor, { ...none, indicator: co.ids.I2, start: '20250302' }],
      [co.tokens.manager, { ...none, end: '20250301' }],
      [co.tokens.manager, { ...none, attendant: co.ids.b, start: '20250301', end: '20250302' }],
      [co.tokens.a, none],
      [co.tokens.a, { ...none, attendant: co.ids.b }],
      [demo.tokens['gerente@demo.com.br'], none],
    ];
    for (const [token, filters] of cases) {
      const { records } = await exportCsv(token, filters);
      expect({ filters, ades: records.slice(1).map((row) => row[1]) }).toEqual({ filters, ades: await listAdes(token, filters) });
    }
    const own = (await exportCsv(co.tokens.a, none)).records.slice(1);
    expect(own.map((row) => row[1])).toEqual(newestFirst(ALL.filter((p) => p.owner === 'a')).map((p) => p.ade));
  });

  it('records each export with who asked and the filters', async () => {
    // The audit is append-only (migration 024): what this test adds is what comes after the rows already there.
    const [{ last }] = await demo.app.db.query<{ last: number }>('select coalesce(max(id_auditoria), 0)::int as last from auditoria');
    await exportCsv(co.tokens.b, { ...none, status: 20, start: '20250302' });
    await exportCsv(co.tokens.manager, { ...none, bank: 1, end: '20250303' });
    const audit = await demo.app.db.query(
      `select id_empresa as company, id_pessoa as person, de_endereco as address, js_detalhe as detail from auditoria
        where tp_acao = 'proposta.exportacao' and id_auditoria > $1 order by id_auditoria`,
      [last],
    );
    // The address is the caller's as the API sees it (this machine: no proxy header).
    expect(audit).toEqual([
      { company: 3, person: co.ids.b, address: '127.0.0.1', detail: { filtros: { ID_Status: 20, DT_Inicio: '20250302' } } },
      { company: 3, person: co.ids.manager, address: '127.0.0.1', detail: { filtros: { ID_Banco: 1, DT_Fim: '20250303' } } },
    ]);
  });

  it('answers 401 without a token and 400 for bad days, on every path shape, writing no audit row', async () => {
    const before = (await demo.app.db.query("select 1 from auditoria where tp_acao = 'proposta.exportacao'")).length;
    for (const filters of [
      none,
      { ...none, start: '20250301' },
      { ...none, start: '20250301', end: '20250302' },
      { ...none, end: '20250302' },
    ]) {
      const { response, text } = await exportCsv(undefined, filters);
      expect({ filters, status: response.status, body: JSON.parse(text) }).toEqual({
        filters,
        status: 401,
        body: { success: false, text: 'Sessão expirada ou inválida. Entre novamente.' },
      });
    }
    const { response, text } = await exportCsv(co.tokens.manager, { ...none, start: '20250302', end: '20250301' });
    expect({ status: response.status, body: JSON.parse(text) }).toEqual({
      status: 400,
      body: { success: false, text: 'end: A data final não pode ser anterior à inicial.' },
    });
    expect((await demo.app.db.query("select 1 from auditoria where tp_acao = 'proposta.exportacao'")).length).toBe(before);
  });
});
