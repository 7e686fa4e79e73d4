import { AUDIT_ACTIONS, AUDIT_PAGE_SIZE, AUDIT_TEXT } from '@consig/shared/contracts';
import { recordAudit } from '../src/audit/audit';
import { parseCsv } from '../src/files/csvText';
import { useSignedInDemoApp } from './harness';

/**
 * The audit (docs/rules.md "Audit"): GET /cadastros/auditoria and its CSV, managers only, the caller's company's
 * rows only; and the writers recording who, from which address, what, before and after.
 */
const demo = useSignedInDemoApp();
const MANAGER = 'gerente@demo.com.br';
const SUP = 'supervisor@demo.com.br';
const ANA = 'atendente@demo.com.br';
const OTHER = 'atendente@outra.com.br';
const ids: Record<string, number> = {};

/** Rows at chosen instants (the writer stamps now()): inserting is all the append-only table allows, and all we need. */
async function insertAt(company: number, person: number, action: string, at: string, extra: { address?: string; detail?: object } = {}) {
  await demo.app.db.query(
    `insert into auditoria (id_empresa, id_pessoa, tp_acao, de_endereco, js_detalhe, ts_acao) values ($1, $2, $3, $4, $5::jsonb, $6)`,
    [company, person, action, extra.address ?? null, JSON.stringify(extra.detail ?? {}), at],
  );
}

beforeAll(async () => {
  const rows = await demo.app.db.query<{ email: string; id: number }>('select em_email as email, id_pessoa as id from pessoa');
  for (const { email, id } of rows) ids[email] = id;
  // São Paulo's 2024-03-10 runs from 03:00Z that day to 03:00Z the next (UTC−3, no daylight saving since 2019).
  await insertAt(1, ids[SUP], 'atendente.pausa', '2024-03-10T02:59:59Z', { detail: { marca: 'dia 9, 23:59' } });
  await insertAt(1, ids[SUP], 'atendente.pausa', '2024-03-10T03:00:00Z', { detail: { marca: 'dia 10, 00:00' } });
  await insertAt(1, ids[MANAGER], 'proposta.remocao', '2024-03-11T02:59:59Z', { detail: { marca: 'dia 10, 23:59' } });
  await insertAt(1, ids[SUP], 'ligacao.escuta', '2024-03-11T03:00:00Z', { detail: { marca: 'dia 11, 00:00' } });
  // Another company's row on the same day: never listed to company 1.
  await insertAt(2, ids[OTHER], 'atendente.pausa', '2024-03-10T15:00:00Z', { detail: { marca: 'outra empresa' } });
});

const list = (query: string, email = MANAGER) => demo.get(`/cadastros/auditoria${query}`, email);
const marks = (body: { data: { JS_Detalhe: { marca: string } }[] }) => body.data.map((row) => row.JS_Detalhe.marca);

/** The CSV over real HTTP: response, text and parsed records (BOM off). */
async function downloadCsv(query: string, email: string | null = MANAGER, headers: Record<string, string> = {}) {
  const response = await fetch(`${demo.app.url}/cadastros/auditoria/csv${query}`, {
    headers: { ...(email ? { authorization: `Bearer ${demo.tokens[email]}` } : {}), ...headers },
  });
  // Bytes, not response.text(): that drops the BOM this test checks.
  const text = Buffer.from(await response.arrayBuffer()).toString('utf8');
  const records = response.ok ? parseCsv(text.replace(/^\uFEFF/, '')).records.map((record) => record.cells) : [];
  return { response, text, records };
}

describe.each(['/cadastros/auditoria', '/cadastros/auditoria/csv'])('%s: who may read it', (path) => {
  it('answers 401 without a token and 403 to supervisors and attendants', async () => {
    expect((await demo.app.call('GET', path)).status).toBe(401);
    for (const email of [SUP, ANA, OTHER]) {
      expect(await demo.get(path, email)).toEqual({ status: 403, body: { success: false, text: AUDIT_TEXT.forbidden } });
      // The role is checked before the query: a refused caller learns nothing from validation either.
      expect((await demo.get(`${path}?DT_Inicio=ontem`, email)).status).toBe(403);
    }
  });

  it("answers 404 for another company's person and 400 for bad filters", async () => {
    expect(await demo.get(`${path}?ID_Pessoa=${ids[OTHER]}`, MANAGER)).toEqual({
      status: 404,
      body: { success: false, text: AUDIT_TEXT.personNotFound },
    });
    const bad: [string, string][] = [
      ['DT_Inicio=2024-02-30', `DT_Inicio: ${AUDIT_TEXT.invalidDay}`],
      ['DT_Fim=10/03/2024', `DT_Fim: ${AUDIT_TEXT.invalidDay}`],
      ['DT_Inicio=2024-03-11&DT_Fim=2024-03-10', `DT_Fim: ${AUDIT_TEXT.daysOutOfOrder}`],
      ['TP_Acao=proposta.apagar', `TP_Acao: ${AUDIT_TEXT.unknownAction}`],
    ];
    for (const [query, text] of bad) {
      expect({ query, answer: await demo.get(`${path}?${query}`, MANAGER) }).toEqual({
        query,
        answer: { status: 400, body: { success: false, text } },
      });
    }
  });
});

describe('GET /cadastros/auditoria', () => {
  it("lists the company's rows newest first with who, what, its label; never another company's", async () => {
    const { status, body } = await list('?DT_Inicio=2024-03-09&DT_Fim=2024-03-11');
    expect(status).toBe(200);
    expect(marks(body)).toEqual(['dia 11, 00:00', 'dia 10, 23:59', 'dia 10, 00:00', 'dia 9, 23:59']);
    expect(body.data[1]).toEqual({
      ID_Auditoria: expect.any(Number),
      TS_Acao: '2024-03-11T02:59:59.000Z',
      ID_Pessoa: ids[MANAGER],
      DE_Pessoa: 'Daniel Rocha',
      TP_Acao: 'proposta.remocao',
      DE_Acao: 'Proposta excluída',
      DE_Endereco: null,
      JS_Detalhe: { marca: 'dia 10, 23:59' },
      JS_Antes: null,
      JS_Depois: null,
    });
    expect(body.TX_Proximo).toBeNull();
    // Unfiltered, company 1 still never sees company 2's row.
    const everything: string[] = [];
    for (let cursor: string | null = null, first = true; first || cursor; first = false) {
      const { body: page }: { body: { data: { JS_Detalhe: { marca: string } }[]; TX_Proximo: string | null } } = await list(
        cursor ? `?cursor=${cursor}` : '',
      );
      everything.push(...marks(page));
      cursor = page.TX_Proximo;
    }
    expect(everything).not.toContain('outra empresa');
    expect(everything).toEqual(expect.arrayContaining(['dia 9, 23:59', 'dia 11, 00:00']));
  });

  it('filters by São Paulo days (inclusive), by person and by action', async () => {
    expect(marks((await list('?DT_Inicio=2024-03-10&DT_Fim=2024-03-10')).body)).toEqual(['dia 10, 23:59', 'dia 10, 00:00']);
    expect(marks((await list('?DT_Inicio=2024-03-11&DT_Fim=2024-03-11')).body)).toEqual(['dia 11, 00:00']);
    expect(marks((await list('?DT_Fim=2024-03-09')).body)).toContain('dia 9, 23:59');
    expect(marks((await list('?DT_Fim=2024-03-09')).body)).not.toContain('dia 10, 00:00');
    const days = 'DT_Inicio=2024-03-09&DT_Fim=2024-03-11';
    expect(marks((await list(`?${days}&ID_Pessoa=${ids[MANAGER]}`)).body)).toEqual(['dia 10, 23:59']);
    expect(marks((await list(`?${days}&TP_Acao=atendente.pausa`)).body)).toEqual(['dia 10, 00:00', 'dia 9, 23:59']);
    expect(marks((await list(`?${days}&TP_Acao=atendente.pausa&ID_Pessoa=${ids[MANAGER]}`)).body)).toEqual([]);
  });

  it('pages by cursor: every row once, newest first, rows of one instant included', async () => {
    // 2.5 pages on 2024-01-15, three rows per instant, so a page can end between rows of the same instant.
    const total = AUDIT_PAGE_SIZE * 2 + AUDIT_PAGE_SIZE / 2;
    await demo.app.db.query(
      `insert into auditoria (id_empresa, id_pessoa, tp_acao, js_detalhe, ts_acao)
       select 1, $1, 'proposta.exportacao', jsonb_build_object('marca', 'p' || g), '2024-01-15T12:00:00Z'::timestamptz + (g / 3) * interval '1 minute'
         from generate_series(1, $2::int) g`,
      [ids[MANAGER], total],
    );
    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `?DT_Inicio=2024-01-15&DT_Fim=2024-01-15${cursor ? `&cursor=${cursor}` : ''}`;
      const { body } = await list(query);
      sizes.push(body.data.length);
      seen.push(...marks(body));
      cursor = body.TX_Proximo;
    } while (cursor);
    expect(sizes).toEqual([AUDIT_PAGE_SIZE, AUDIT_PAGE_SIZE, AUDIT_PAGE_SIZE / 2]);
    // Same instant: the later id first (g / 3 groups 3,4,5 …; within a group the larger g was inserted later).
    const expected = Array.from({ length: total }, (_, index) => total - index).sort(
      (a, b) => Math.floor(b / 3) - Math.floor(a / 3) || b - a,
    );
    expect(seen).toEqual(expected.map((g) => `p${g}`));
    expect(await list('?cursor=nao-e-cursor')).toEqual({ status: 400, body: { success: false, text: AUDIT_TEXT.cursorInvalid } });
  });
});

describe('GET /cadastros/auditoria/csv', () => {
  it('exports the filtered rows as a Brazilian spreadsheet reads them, formula-safe, São Paulo time', async () => {
    await insertAt(1, ids[MANAGER], 'gravacao.acesso', '2024-05-02T14:07:30Z', {
      address: '=HYPERLINK("http://x";"y")',
      detail: { marca: 'csv' },
    });
    const { response, text, records } = await downloadCsv('?DT_Inicio=2024-05-02&DT_Fim=2024-05-02');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="auditoria.csv"');
    expect(text.startsWith('\uFEFFID;Data e hora;')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(records).toEqual([
      ['ID', 'Data e hora', 'ID da pessoa', 'Pessoa', 'Ação', 'Descrição', 'Endereço', 'Detalhe', 'Antes', 'Depois'],
      [
        expect.stringMatching(/^\d+$/),
        '02/05/2024 11:07',
        String(ids[MANAGER]),
        'Daniel Rocha',
        'gravacao.acesso',
        AUDIT_ACTIONS['gravacao.acesso'],
        `'=HYPERLINK("http://x";"y")`,
        '{"marca": "csv"}',
        '',
        '',
      ],
    ]);
  });

  it('exports every row of a large audit, newest first, each once, across its pages', async () => {
    const total = 2100; // past two of the export's pages of 1000, ties included
    await demo.app.db.query(
      `insert into auditoria (id_empresa, id_pessoa, tp_acao, js_detalhe, ts_acao)
       select 1, $1, 'ligacao.escuta', jsonb_build_object('n', g), '2024-06-20T12:00:00Z'::timestamptz + (g / 4) * interval '1 second'
         from generate_series(1, $2::int) g`,
      [ids[SUP], total],
    );
    await insertAt(2, ids[OTHER], 'ligacao.escuta', '2024-06-20T12:00:00Z', { detail: { n: -1 } });
    const { records } = await downloadCsv('?DT_Inicio=2024-06-20&DT_Fim=2024-06-20');
    const numbers = records.slice(1).map((row) => JSON.parse(row[7]).n as number);
    expect(numbers).toHaveLength(total);
    expect(new Set(numbers).size).toBe(total);
    expect(numbers).not.toContain(-1);
    expect(numbers).toEqual([...numbers].sort((a, b) => Math.floor(b / 4) - Math.floor(a / 4) || b - a));
  });

  it('records the export itself: who, from which address, with the filters', async () => {
    await downloadCsv(`?DT_Inicio=2024-03-10&TP_Acao=atendente.pausa&ID_Pessoa=${ids[SUP]}`, MANAGER, {
      'x-forwarded-for': '203.0.113.7',
    });
    const { body } = await list('?TP_Acao=auditoria.exportacao');
    expect(body.data[0]).toMatchObject({
      ID_Pessoa: ids[MANAGER],
      TP_Acao: 'auditoria.exportacao',
      DE_Acao: 'Auditoria exportada',
      DE_Endereco: '203.0.113.7',
      JS_Detalhe: { filtros: { DT_Inicio: '2024-03-10', TP_Acao: 'atendente.pausa', ID_Pessoa: ids[SUP] } },
    });
    // A refused export writes nothing.
    const before = body.data.length;
    await downloadCsv('', SUP);
    await downloadCsv(`?ID_Pessoa=${ids[OTHER]}`);
    expect((await list('?TP_Acao=auditoria.exportacao')).body.data).toHaveLength(before);
  });
});

describe('the writers', () => {
  it("record the caller's address and the values before and after (the after-call limit)", async () => {
    const put = (seconds: number) =>
      demo.app.call('PUT', '/relatorios/ao-vivo/limite', {
        token: demo.tokens[MANAGER],
        body: { NU_LimitePosAtendimento: seconds },
        headers: { 'x-forwarded-for': '198.51.100.23' },
      });
    expect((await put(120)).status).toBe(200);
    expect((await put(60)).status).toBe(200);
    const { body } = await list('?TP_Acao=empresa.limite_pos_atendimento');
    expect(body.data.slice(0, 2)).toEqual([
      expect.objectContaining({
        DE_Endereco: '198.51.100.23',
        DE_Acao: 'Limite de pós-atendimento alterado',
        JS_Antes: { NU_LimitePosAtendimento: 120 },
        JS_Depois: { NU_LimitePosAtendimento: 60 },
      }),
      expect.objectContaining({ JS_Antes: { NU_LimitePosAtendimento: 60 }, JS_Depois: { NU_LimitePosAtendimento: 120 } }),
    ]);
  });

  it('refuse an action the shared list does not declare, and the database one out of form', async () => {
    const entry = { companyId: 1, personId: ids[MANAGER], address: null };
    await expect(recordAudit(demo.app.db, { ...entry, action: 'pessoa.apagada' })).rejects.toThrow(
      'Ação de auditoria desconhecida: pessoa.apagada',
    );
    await expect(
      demo.app.db.query(`insert into auditoria (id_empresa, id_pessoa, tp_acao, js_detalhe) values (1, $1, 'Qualquer Coisa', '{}')`, [
        ids[MANAGER],
      ]),
    ).rejects.toThrow(/auditoria_tp_acao_check/);
    // Every declared action passes the database's form.
    for (const action of Object.keys(AUDIT_ACTIONS)) await recordAudit(demo.app.db, { ...entry, action, detail: { teste: true } });
    const rows = await demo.app.db.query<{ n: number }>(`select count(*)::int as n from auditoria where js_detalhe = '{"teste": true}'`);
    expect(rows[0].n).toBe(Object.keys(AUDIT_ACTIONS).length);
  });
});
