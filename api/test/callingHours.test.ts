import { CALLING_HOURS_TEXT } from '@consig/shared/contracts';
import { saoPauloDate } from '@consig/shared/credit';
import { statesOpenNow } from '../src/queue/callingRules';
import { createQueueRepository } from '../src/queue/queue.repository';
import { NO_CLIENT_TEXT } from '../src/queue/workingDay';
import { useSignedInDemoApp } from './harness';
import { upcoming } from './upcoming';

// The app's clock: the next working Wednesday, 10:00 in São Paulo (calling hours are read in the client's local time).
const clock = { now: upcoming(3, 10) };
const demo = useSignedInDemoApp({ clock: () => clock.now });

const MANAGER = 'gerente@demo.com.br';
const SUPERVISOR = 'supervisor@demo.com.br';
const ATTENDANT = 'atendente@demo.com.br';
const OTHER_COMPANY = 'atendente@outra.com.br';
const PATH = '/cadastros/empresa/horarios';
/** The address the manager's requests come from (the test app trusts X-Forwarded-For): the audit keeps it. */
const MANAGER_ADDRESS = '10.28.0.1';

const EXPIRED = { status: 401, body: { success: false, text: 'Sessão expirada ou inválida. Entre novamente.' } };
const MANAGERS_ONLY = { status: 403, body: { success: false, text: CALLING_HOURS_TEXT.managersOnly } };

type Body = Record<string, unknown>;
const as = (email: string, method: string, body?: unknown) =>
  demo.app.call(method, PATH, { token: demo.tokens[email], body, headers: { 'x-forwarded-for': MANAGER_ADDRESS } });
const withToken = (token: string | undefined, method: string, body?: unknown) => demo.app.call(method, PATH, { token, body });
const save = (form: Body, by = MANAGER) => as(by, 'PUT', form);

const closed = (weekday: number) => ({ NU_DiaSemana: weekday, SN_Liga: 0, HR_Inicio: null, HR_Fim: null });
const open = (weekday: number, start = '08:00', end = '18:00') => ({ NU_DiaSemana: weekday, SN_Liga: 1, HR_Inicio: start, HR_Fim: end });
const DEFAULT_DAYS = [open(1), open(2), open(3), open(4), open(5), closed(6), closed(7)];

/** A valid form: Mon–Fri 08:00–18:00, no holidays, no narrowing, with `change` applied. */
const form = (change: Body = {}): Body => ({ dias: DEFAULT_DAYS, SN_Feriados: 0, restricoes: [], ...change });
/** The form with one weekday replaced. */
const withDay = (day: Body & { NU_DiaSemana: number }, change: Body = {}) =>
  form({ dias: DEFAULT_DAYS.map((d) => (d.NU_DiaSemana === day.NU_DiaSemana ? day : d)), ...change });

async function auditRows(companyId = 1) {
  return demo.app.db.query<{ actor: number; address: string; before: Body; after: Body }>(
    `select id_pessoa as actor, de_endereco as address, js_antes as before, js_depois as after
       from auditoria where tp_acao = 'empresa.janela_ligacao' and id_empresa = $1 order by id_auditoria`,
    [companyId],
  );
}
async function idOf(email: string): Promise<number> {
  const [row] = await demo.app.db.query<{ id: number }>('select id_pessoa as id from pessoa where em_email = $1', [email]);
  return row.id;
}
/** The stored window of a company, as rows (what the queue reads). */
async function storedWindow(companyId: number) {
  const days = await demo.app.db.query(
    `select nu_dia_semana as day, to_char(hr_inicio, 'HH24:MI') as start, to_char(hr_fim, 'HH24:MI') as end
       from janela_ligacao_dia where id_empresa = $1 order by 1`,
    [companyId],
  );
  const narrowings = await demo.app.db.query(
    `select sg_uf as uf, nu_dia_semana as day, to_char(hr_inicio, 'HH24:MI') as start, to_char(hr_fim, 'HH24:MI') as end
       from janela_ligacao_uf where id_empresa = $1 order by 1, 2`,
    [companyId],
  );
  const flags = await demo.app.db.query(
    'select sn_feriados as holidays, sn_sempre_aberta as always from janela_ligacao where id_empresa = $1',
    [companyId],
  );
  return { days, narrowings, flags };
}

const year = Number(saoPauloDate(clock.now).slice(0, 4));

describe('reading the calling hours (GET /cadastros/empresa/horarios)', () => {
  it("answers the company's days, its holidays and override, its narrowings, the state laws and this year's and next year's holidays", async () => {
    const { status, body } = await as(MANAGER, 'GET');
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    // The demo company is always open (the seed), over the default days and hours.
    expect(body.data).toMatchObject({ dias: DEFAULT_DAYS, SN_Feriados: 0, SN_SempreAberta: 1, restricoes: [] });
    expect(body.data.regrasEstaduais).toEqual([
      {
        SG_UF: 'RJ',
        DT_Inicio: '2018-03-15',
        DE_Fonte: 'Lei estadual RJ 7.853/2018',
        SN_Feriados: 0,
        dias: [1, 2, 3, 4, 5].map((weekday) => ({ NU_DiaSemana: weekday, HR_Inicio: '08:00', HR_Fim: '18:00' })),
      },
    ]);
    const holidays: { DT_Feriado: string; DE_Feriado: string }[] = body.data.feriados;
    expect(holidays).toHaveLength(20);
    expect(holidays).toContainEqual({ DT_Feriado: `${year}-12-25`, DE_Feriado: 'Natal' });
    expect(holidays).toContainEqual({ DT_Feriado: `${year + 1}-01-01`, DE_Feriado: 'Confraternização Universal' });
    expect(holidays.map((holiday) => holiday.DT_Feriado)).toEqual(holidays.map((holiday) => holiday.DT_Feriado).sort());
  });
});

describe('who may read and save the calling hours', () => {
  it('answers 401 without a token, or with a made-up one', async () => {
    for (const method of ['GET', 'PUT']) {
      const body = method === 'PUT' ? form() : undefined;
      expect({ method, answer: await withToken(undefined, method, body) }).toEqual({ method, answer: EXPIRED });
      expect({ method, answer: await withToken('x.y.z', method, body) }).toEqual({ method, answer: EXPIRED });
    }
  });

  it('answers 403 to supervisors and attendants, and changes nothing', async () => {
    const before = await storedWindow(1);
    for (const email of [SUPERVISOR, ATTENDANT, OTHER_COMPANY]) {
      expect({ email, answer: await as(email, 'GET') }).toEqual({ email, answer: MANAGERS_ONLY });
      expect({ email, answer: await save(withDay(closed(3)), email) }).toEqual({ email, answer: MANAGERS_ONLY });
    }
    expect(await storedWindow(1)).toEqual(before);
    expect(await auditRows()).toEqual([]);
  });

  it("reads and saves the caller's own company only: a company without a window of its own starts from the default", async () => {
    const otherManager = await idOf(OTHER_COMPANY);
    await demo.app.db.query('update pessoa set id_funcao = 13 where id_pessoa = $1', [otherManager]);
    // A new session: the demo token's person may still be cached as an attendant for a second or two.
    const token = await demo.app.login(OTHER_COMPANY);
    const asOther = (method: string, body?: unknown) =>
      demo.app.call(method, PATH, { token, body, headers: { 'x-forwarded-for': MANAGER_ADDRESS } });
    try {
      const before = await storedWindow(1);
      const read = await asOther('GET');
      expect(read.body.data).toMatchObject({ dias: DEFAULT_DAYS, SN_Feriados: 0, SN_SempreAberta: 0, restricoes: [] });
      expect(await storedWindow(2)).toEqual({ days: [], narrowings: [], flags: [] });

      const saved = await asOther('PUT', withDay(open(6, '09:00', '13:00'), { SN_Feriados: 1 }));
      expect(saved.status).toBe(200);
      expect(saved.body.data).toMatchObject({ SN_Feriados: 1, SN_SempreAberta: 0 });
      expect((await storedWindow(2)).days).toContainEqual({ day: 6, start: '09:00', end: '13:00' });
      expect(await storedWindow(1)).toEqual(before);
      expect((await as(MANAGER, 'GET')).body.data.dias).toEqual(DEFAULT_DAYS);

      // The audit of the first save says what applied before it: the default window.
      const [row] = await auditRows(2);
      expect(row).toMatchObject({ actor: otherManager, before: { dias: DEFAULT_DAYS, SN_Feriados: 0, restricoes: [] } });
      expect(row.after).toMatchObject({ SN_Feriados: 1 });
      expect(await auditRows(1)).toEqual([]);
    } finally {
      await demo.app.db.query('update pessoa set id_funcao = 11 where id_pessoa = $1', [otherManager]);
      await demo.app.db.query('delete from janela_ligacao where id_empresa = 2');
    }
  });
});

describe('validating the form (PUT /cadastros/empresa/horarios)', () => {
  it('refuses each mistake with a Portuguese text naming the field, and writes nothing', async () => {
    const before = { window: await storedWindow(1), audit: (await auditRows()).length };
    const T = CALLING_HOURS_TEXT;
    const cases: [Body, string][] = [
      [withDay(open(3, '8:00', '18:00')), `dias.2.HR_Inicio: ${T.time}`],
      [withDay(open(3, '08:00', '24:00')), `dias.2.HR_Fim: ${T.time}`],
      [withDay(open(3, '08h00', '18:00')), `dias.2.HR_Inicio: ${T.time}`],
      [withDay({ NU_DiaSemana: 3, SN_Liga: 1, HR_Inicio: null, HR_Fim: '18:00' }), `dias.2.HR_Inicio: ${T.time}`],
      [withDay(open(3, '18:00', '08:00')), `dias.2.HR_Fim: ${T.order}`],
      [withDay(open(3, '10:00', '10:00')), `dias.2.HR_Fim: ${T.order}`],
      [form({ dias: [{ ...open(1), NU_DiaSemana: 8 }] }), `dias.0.NU_DiaSemana: ${T.weekday}`],
      [form({ dias: [{ ...open(1), NU_DiaSemana: 0 }] }), `dias.0.NU_DiaSemana: ${T.weekday}`],
      [form({ dias: [{ ...open(1), SN_Liga: 2 }] }), `dias.0.SN_Liga: ${T.opens}`],
      [form({ dias: [open(1), open(2), open(1)] }), `dias.2.NU_DiaSemana: ${T.duplicateDay}`],
      [form({ dias: [...DEFAULT_DAYS, open(1)] }), `dias: ${T.tooManyDays}`],
      [form({ SN_Feriados: 2 }), `SN_Feriados: ${T.holidays}`],
      [form({ restricoes: [{ SG_UF: 'XX', NU_DiaSemana: 3, HR_Inicio: '09:00', HR_Fim: '12:00' }] }), `restricoes.0.SG_UF: ${T.state}`],
      [form({ restricoes: [{ SG_UF: 'sp', NU_DiaSemana: 3, HR_Inicio: '09:00', HR_Fim: '12:00' }] }), `restricoes.0.SG_UF: ${T.state}`],
      [form({ restricoes: [{ SG_UF: 'SP', NU_DiaSemana: 3, HR_Inicio: '9', HR_Fim: '12:00' }] }), `restricoes.0.HR_Inicio: ${T.time}`],
      [form({ restricoes: [{ SG_UF: 'SP', NU_DiaSemana: 3, HR_Inicio: '12:00', HR_Fim: '09:00' }] }), `restricoes.0.HR_Fim: ${T.order}`],
      [
        form({ restricoes: [{ SG_UF: 'SP', NU_DiaSemana: 7, HR_Inicio: '09:00', HR_Fim: '12:00' }] }),
        `restricoes.0.NU_DiaSemana: ${T.closedDay}`,
      ],
      [
        withDay(closed(3), { restricoes: [{ SG_UF: 'MG', NU_DiaSemana: 3, HR_Inicio: '09:00', HR_Fim: '12:00' }] }),
        `restricoes.0.NU_DiaSemana: ${T.closedDay}`,
      ],
      [
        form({
          restricoes: [
            { SG_UF: 'SP', NU_DiaSemana: 3, HR_Inicio: '09:00', HR_Fim: '12:00' },
            { SG_UF: 'MG', NU_DiaSemana: 3, HR_Inicio: '09:00', HR_Fim: '12:00' },
            { SG_UF: 'SP', NU_DiaSemana: 3, HR_Inicio: '14:00', HR_Fim: '16:00' },
          ],
        }),
        `restricoes.2.NU_DiaSemana: ${T.duplicateNarrowing}`,
      ],
      [form({ restricoes: undefined }), 'restricoes: Este campo é obrigatório.'],
    ];
    for (const [body, text] of cases) {
      expect({ body, answer: await save(body) }).toEqual({ body, answer: { status: 400, body: { success: false, text } } });
    }
    expect(T).toMatchObject({
      time: 'Use o formato HH:MM (de 00:00 a 23:59).',
      order: 'O início deve ser antes do fim.',
      state: 'Estado desconhecido: escolha uma das 27 UFs.',
      closedDay: 'A empresa não liga neste dia: marque "Liga" no dia antes de restringir um estado nele.',
      duplicateNarrowing: 'Este estado já tem uma restrição neste dia.',
    });
    expect({ window: await storedWindow(1), audit: (await auditRows()).length }).toEqual(before);
  });
});

describe('saving the calling hours', () => {
  afterAll(async () => {
    expect((await save(form())).status).toBe(200);
  });

  it('saves the whole form, answers it as the GET does, and records who, from where, before and after', async () => {
    const auditBefore = (await auditRows()).length;
    const sent = form({
      dias: [open(1, '09:00', '17:00'), open(2), open(3, '07:30', '20:00'), open(4), open(5), open(6, '10:00', '14:00'), closed(7)],
      SN_Feriados: 1,
      restricoes: [
        { SG_UF: 'SP', NU_DiaSemana: 3, HR_Inicio: '11:00', HR_Fim: '12:00' },
        { SG_UF: 'MG', NU_DiaSemana: 6, HR_Inicio: '10:00', HR_Fim: '12:00' },
      ],
    });
    const { status, body } = await save(sent);
    expect(status).toBe(200);
    expect(body.text).toBe(CALLING_HOURS_TEXT.saved);
    expect(body.text).toBe('Horários de ligação salvos.');
    const setting = {
      dias: sent.dias,
      SN_Feriados: 1,
      SN_SempreAberta: 1,
      // Sorted by state, then weekday.
      restricoes: [
        { SG_UF: 'MG', NU_DiaSemana: 6, HR_Inicio: '10:00', HR_Fim: '12:00' },
        { SG_UF: 'SP', NU_DiaSemana: 3, HR_Inicio: '11:00', HR_Fim: '12:00' },
      ],
    };
    expect(body.data).toMatchObject(setting);
    expect((await as(MANAGER, 'GET')).body).toEqual({ ...body, text: '' });

    const rows = await auditRows();
    expect(rows).toHaveLength(auditBefore + 1);
    const { SN_SempreAberta: _, ...edited } = setting;
    expect(rows.at(-1)).toEqual({
      actor: await idOf(MANAGER),
      address: MANAGER_ADDRESS,
      before: { dias: DEFAULT_DAYS, SN_Feriados: 0, restricoes: [] },
      after: edited,
    });
  });

  it("closes the weekdays left out or unchecked, ignoring a closed day's hours, and keeps the always-open override", async () => {
    const { status, body } = await save(
      form({ dias: [open(1), { NU_DiaSemana: 2, SN_Liga: 0, HR_Inicio: '99:99', HR_Fim: '' }, open(3)] }),
    );
    expect(status).toBe(200);
    expect(body.data.dias).toEqual([open(1), closed(2), open(3), closed(4), closed(5), closed(6), closed(7)]);
    expect(body.data.SN_SempreAberta).toBe(1);
    expect(await storedWindow(1)).toMatchObject({
      days: [
        { day: 1, start: '08:00', end: '18:00' },
        { day: 3, start: '08:00', end: '18:00' },
      ],
      flags: [{ holidays: 0, always: 1 }],
    });
  });

  it('leaves nothing half-written when the save fails midway: the days, the narrowings and the audit go together', async () => {
    const before = { window: await storedWindow(1), audit: (await auditRows()).length };
    // A failure after the days were rewritten: the narrowings' insert refuses (a test-only trigger).
    await demo.app.db.query(`create function refuse_narrowing() returns trigger language plpgsql as $$
      begin raise exception 'falha de teste'; end $$`);
    await demo.app.db.query(
      'create trigger refuse_narrowing before insert on janela_ligacao_uf for each row execute function refuse_narrowing()',
    );
    try {
      const failed = await save(
        withDay(open(3, '09:00', '10:00'), {
          SN_Feriados: 1,
          restricoes: [{ SG_UF: 'RJ', NU_DiaSemana: 3, HR_Inicio: '09:00', HR_Fim: '09:30' }],
        }),
      );
      expect(failed).toEqual({ status: 500, body: { success: false, text: 'Erro interno do servidor. Tente novamente.' } });
    } finally {
      await demo.app.db.query('drop trigger refuse_narrowing on janela_ligacao_uf');
      await demo.app.db.query('drop function refuse_narrowing()');
    }
    expect({ window: await storedWindow(1), audit: (await auditRows()).length }).toEqual(before);
  });
});

describe('the queue honours a save at once', () => {
  const next = (email: string) => demo.get('/crm/cliente/proximo', email);
  const openStates = async () => statesOpenNow(await createQueueRepository({ db: demo.app.db, companyId: 1 }).callingWindow(), clock.now);
  const saved = clock.now;

  beforeAll(async () => {
    // The demo company is always open: switch the override off to see its own window apply.
    await demo.app.db.query('update janela_ligacao set sn_sempre_aberta = 0 where id_empresa = 1');
  });
  afterAll(async () => {
    clock.now = saved;
    await demo.app.db.query('update janela_ligacao set sn_sempre_aberta = 1 where id_empresa = 1');
  });

  it('a closed Wednesday hands out nobody on Wednesday; reopened, the attendant gets a client', async () => {
    expect((await save(withDay(closed(3)))).status).toBe(200);
    expect((await next(ATTENDANT)).body).toEqual({ success: false, text: NO_CLIENT_TEXT, data: null });
    expect(await openStates()).toEqual([]);

    expect((await save(withDay(open(3, '11:00', '12:00')))).status).toBe(200);
    expect((await next(ATTENDANT)).body.success).toBe(false); // 10:00 is before 11:00

    expect((await save(withDay(open(3, '09:00', '11:00')))).status).toBe(200);
    expect((await next(ATTENDANT)).body).toMatchObject({ success: true, data: { cliente: { ClienteID: expect.any(Number) } } });
  });

  it("a narrowing closes that state at other hours of that weekday, and the state's law still applies on top", async () => {
    expect(
      (
        await save(
          withDay(open(3, '07:00', '21:00'), {
            restricoes: [
              { SG_UF: 'MG', NU_DiaSemana: 3, HR_Inicio: '11:00', HR_Fim: '12:00' },
              { SG_UF: 'RJ', NU_DiaSemana: 3, HR_Inicio: '09:00', HR_Fim: '20:00' },
            ],
          }),
        )
      ).status,
    ).toBe(200);
    clock.now = upcoming(3, 10);
    expect(await openStates()).toEqual(expect.arrayContaining(['', 'SP', 'RJ']));
    expect(await openStates()).not.toContain('MG');
    clock.now = new Date(clock.now.getTime() + 90 * 60_000); // 11:30
    expect(await openStates()).toContain('MG');
    clock.now = new Date(clock.now.getTime() + 7 * 3_600_000); // 18:30: the company and SP open, RJ's law closed
    expect(await openStates()).toContain('SP');
    expect(await openStates()).not.toContain('RJ');
    expect(await openStates()).not.toContain('MG');
  });
});
