import { COMPANY_NUMBER_TEXT, numberInUseText } from '@consig/shared/contracts';
import { DEMO_QUEUE } from '../src/db/demoData';
import { useSignedInDemoApp } from './harness';

// 'Cadastros' → 'Telefonia' (docs/rules.md "Company telephony"): the company's numbers at the carrier, which campaign
// calls from which, the inbound numbers Kamailio routes by, the recording retention and the after-call limit.
const demo = useSignedInDemoApp();

const MANAGER = 'gerente@demo.com.br';
const SUPERVISOR = 'supervisor@demo.com.br';
const ATTENDANT = 'atendente@demo.com.br';
const OTHER_COMPANY = 'atendente@outra.com.br';
/** The demo company's numbers (DEMO_NUMBERS): the main one, and the one campaign CMP-0001 calls from. */
const MAIN = '1130030303';
const INSS = '1140044004';
/** Company 2's main number. */
const OTHER_MAIN = '2130002000';
/** The address the manager's requests come from (the test app trusts X-Forwarded-For): the audit keeps it. */
const ADDRESS = '10.30.0.1';

const EXPIRED = { status: 401, body: { success: false, text: 'Sessão expirada ou inválida. Entre novamente.' } };
const FORBIDDEN = { status: 403, body: { success: false, text: 'Você não tem permissão para esta ação.' } };
const MANAGERS_ONLY = { status: 403, body: { success: false, text: COMPANY_NUMBER_TEXT.managersOnly } };
const NOT_FOUND = { status: 404, body: { success: false, text: COMPANY_NUMBER_TEXT.notFound } };
const bad = (text: string) => ({ status: 400, body: { success: false, text } });
const conflict = (text: string) => ({ status: 409, body: { success: false, text } });

type Body = Record<string, unknown>;
const as = (email: string | null, method: string, path: string, body?: unknown) =>
  demo.app.call(method, path, { token: email ? demo.tokens[email] : undefined, body, headers: { 'x-forwarded-for': ADDRESS } });
const numberPath = (id: number) => `/cadastros/numeros/${id}`;

let serial = 0;
/** A valid form of a new inbound number that is not the main one, with `change` applied. */
function form(change: Body = {}): Body {
  serial += 1;
  return {
    NU_Numero: `11400500${String(serial).padStart(2, '0')}`,
    DE_Numero: `Número ${serial}`,
    SN_Principal: 0,
    SN_Entrada: 1,
    ...change,
  };
}
const create = (change: Body = {}) => as(MANAGER, 'POST', '/cadastros/numeros', form(change));

async function idOf(number: string): Promise<number> {
  const [row] = await demo.app.db.query<{ id: number }>('select id_numero as id from numero_empresa where nu_numero = $1', [number]);
  return row.id;
}
const personId = async (email: string) =>
  (await demo.app.db.query<{ id: number }>('select id_pessoa as id from pessoa where em_email = $1', [email]))[0].id;
const mainNumbers = (company = 1) =>
  demo.app.db.query<{ number: string }>('select nu_numero as number from numero_empresa where id_empresa = $1 and sn_principal = 1', [
    company,
  ]);
async function auditRows(action: string) {
  return demo.app.db.query<{ company: number; actor: number; address: string; detail: Body; before: Body | null; after: Body | null }>(
    `select id_empresa as company, id_pessoa as actor, de_endereco as address, js_detalhe as detail, js_antes as before, js_depois as after
       from auditoria where tp_acao = $1 order by id_auditoria`,
    [action],
  );
}
const campaignId = async (code: string) =>
  (await demo.app.db.query<{ id: number }>('select id_campanha as id from campanha where id_empresa = 1 and co_campanha = $1', [code]))[0]
    .id;
const listed = async (email = MANAGER) => (await as(email, 'GET', '/cadastros/numeros')).body.data as Body[];

/** Kamailio asking whether a call to `did` reaches a company (POST /telefonia/sip/entrada, its shared secret). */
let calls = 0;
async function inbound(did: string): Promise<string> {
  calls += 1;
  const response = await fetch(`${demo.app.url}/telefonia/sip/entrada`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${demo.app.config.sip.apiSecret}` },
    body: new URLSearchParams({ chamada: `telefonia-${calls}-${Date.now()}@telephony.test`, origem: '11987654321', did }).toString(),
  });
  return response.text();
}
const UNKNOWN_DID = 'decisao=recusar;codigo=404;motivo=did';

describe('who may read and change the telephony', () => {
  const writes: [string, string, unknown][] = [
    ['POST', '/cadastros/numeros', form()],
    ['PUT', '/cadastros/numeros/1', form()],
    ['DELETE', '/cadastros/numeros/1', undefined],
    ['PUT', '/cadastros/empresa/telefonia', { NU_DiasGravacao: 90, NU_LimitePosAtendimento: 60 }],
  ];
  const reads = ['/cadastros/numeros', '/cadastros/empresa/telefonia'];

  it('needs a token for every endpoint', async () => {
    for (const [method, path, body] of writes) expect(await as(null, method, path, body)).toEqual(EXPIRED);
    for (const path of reads) expect(await as(null, 'GET', path)).toEqual(EXPIRED);
  });

  it('lets supervisors and managers read, attendants nothing, and only managers write', async () => {
    for (const path of reads) {
      expect(await as(ATTENDANT, 'GET', path)).toEqual(FORBIDDEN);
      expect((await as(SUPERVISOR, 'GET', path)).status).toBe(200);
      expect((await as(MANAGER, 'GET', path)).status).toBe(200);
    }
    for (const [method, path, body] of writes) {
      expect(await as(ATTENDANT, method, path, body)).toEqual(MANAGERS_ONLY);
      expect(await as(SUPERVISOR, method, path, body)).toEqual(MANAGERS_ONLY);
    }
    expect(await auditRows('numero.criacao')).toEqual([]);
  });
});

describe('GET /cadastros/numeros', () => {
  it("lists the caller company's numbers, the main one first, each with the campaigns that call from it", async () => {
    expect(await as(SUPERVISOR, 'GET', '/cadastros/numeros')).toEqual({
      status: 200,
      body: {
        success: true,
        text: '2 número(s).',
        data: [
          {
            ID_Numero: await idOf(MAIN),
            NU_Numero: MAIN,
            DE_Numero: 'Central SP',
            SN_Principal: 1,
            SN_Entrada: 1,
            // The campaigns that chose no number call from the main one.
            campanhas: [
              { ID_Campanha: await campaignId('CMP-0004'), DE_Campanha: 'FGTS Reativação' },
              { ID_Campanha: await campaignId('CMP-0002'), DE_Campanha: 'FGTS Saque-Aniversário' },
              { ID_Campanha: await campaignId('CMP-0003'), DE_Campanha: 'INSS Margem Livre RJ' },
            ],
          },
          {
            ID_Numero: await idOf(INSS),
            NU_Numero: INSS,
            DE_Numero: 'Campanhas INSS',
            SN_Principal: 0,
            SN_Entrada: 1,
            campanhas: [{ ID_Campanha: await campaignId(DEMO_QUEUE.campaignCode), DE_Campanha: 'INSS Aposentados SP' }],
          },
        ],
      },
    });
  });
});

describe('POST /cadastros/numeros', () => {
  it('refuses bad fields with their Portuguese texts, writing nothing', async () => {
    const numberText = `NU_Numero: ${COMPANY_NUMBER_TEXT.number}`;
    for (const NU_Numero of ['1199', '190', '1001', '0123456789', '3003-0303 ramal', 1130030303, null, '1'.repeat(31)]) {
      expect(await create({ NU_Numero })).toEqual(bad(numberText));
    }
    expect(await as(MANAGER, 'POST', '/cadastros/numeros', { NU_Numero: '1140050099', SN_Principal: 0, SN_Entrada: 1 })).toEqual(
      bad(`DE_Numero: ${COMPANY_NUMBER_TEXT.label}`),
    );
    expect(await create({ DE_Numero: '   ' })).toEqual(bad(`DE_Numero: ${COMPANY_NUMBER_TEXT.label}`));
    expect(await create({ DE_Numero: 'x'.repeat(61) })).toEqual(bad('DE_Numero: Use no máximo 60 caracteres.'));
    expect(await create({ SN_Principal: 2 })).toEqual(bad(`SN_Principal: ${COMPANY_NUMBER_TEXT.flag}`));
    expect(await create({ SN_Entrada: '1' })).toEqual(bad(`SN_Entrada: ${COMPANY_NUMBER_TEXT.flag}`));
    expect(await listed()).toHaveLength(2);
  });

  it('keeps the number as DDD + number (or 0303…), however it was typed, and audits the creation', async () => {
    const { status, body } = await create({ NU_Numero: '+55 (11) 4003-1234', DE_Numero: '  SAC  ', SN_Entrada: 0 });
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      text: 'Número cadastrado: (11) 4003-1234.',
      data: { ID_Numero: expect.any(Number), NU_Numero: '1140031234', DE_Numero: 'SAC', SN_Principal: 0, SN_Entrada: 0, campanhas: [] },
    });
    const sales = await create({ NU_Numero: '0303 123 4567', DE_Numero: 'Vendas 0303' });
    expect(sales.body.data).toMatchObject({ NU_Numero: '03031234567', SN_Entrada: 1 });
    expect((await create({ NU_Numero: '0 21 11 4003-5678' })).body.data.NU_Numero).toBe('1140035678');

    const [row] = await auditRows('numero.criacao');
    expect(row).toEqual({
      company: 1,
      actor: await personId(MANAGER),
      address: ADDRESS,
      detail: {},
      before: null,
      after: { ID_Numero: body.data.ID_Numero, NU_Numero: '1140031234', DE_Numero: 'SAC', SN_Principal: 0, SN_Entrada: 0 },
    });
  });

  it("refuses the company's own number and another company's alike (409): a carrier number belongs to one company", async () => {
    expect(await create({ NU_Numero: MAIN })).toEqual(conflict(COMPANY_NUMBER_TEXT.taken));
    expect(await create({ NU_Numero: '(11) 4004-4004' })).toEqual(conflict(COMPANY_NUMBER_TEXT.taken));
    expect(await create({ NU_Numero: `+55${OTHER_MAIN}` })).toEqual(conflict(COMPANY_NUMBER_TEXT.taken));
    const [owner] = await demo.app.db.query<{ company: number }>('select id_empresa as company from numero_empresa where nu_numero = $1', [
      OTHER_MAIN,
    ]);
    expect(owner.company).toBe(2);
  });
});

describe('the main number', () => {
  it('a new main number takes over from the previous one, with the campaigns that have no number of their own', async () => {
    const { body } = await create({ NU_Numero: '1140060001', DE_Numero: 'Nova central', SN_Principal: 1 });
    expect(body.data).toMatchObject({ NU_Numero: '1140060001', SN_Principal: 1 });
    expect(body.data.campanhas.map((c: Body) => c.DE_Campanha)).toEqual([
      'FGTS Reativação',
      'FGTS Saque-Aniversário',
      'INSS Margem Livre RJ',
    ]);
    expect(await mainNumbers()).toEqual([{ number: '1140060001' }]);
    const old = (await listed()).find((row) => row.NU_Numero === MAIN);
    expect(old).toMatchObject({ SN_Principal: 0, campanhas: [] });
    // Another company's main number is its own business.
    expect(await mainNumbers(2)).toEqual([{ number: OTHER_MAIN }]);
    const [audit] = (await auditRows('numero.criacao')).filter((row) => row.after?.NU_Numero === '1140060001');
    expect(audit.detail).toEqual({ ID_NumeroPrincipalAnterior: await idOf(MAIN) });

    // Back again by an edit, audited with the values before and after.
    const id = await idOf(MAIN);
    const edited = await as(MANAGER, 'PUT', numberPath(id), { NU_Numero: MAIN, DE_Numero: 'Central SP', SN_Principal: 1, SN_Entrada: 1 });
    expect(edited.body).toMatchObject({ success: true, text: 'Número alterado: (11) 3003-0303.', data: { SN_Principal: 1 } });
    expect(await mainNumbers()).toEqual([{ number: MAIN }]);
    const [edit] = (await auditRows('numero.edicao')).slice(-1);
    expect(edit).toMatchObject({
      actor: await personId(MANAGER),
      address: ADDRESS,
      detail: { ID_NumeroPrincipalAnterior: await idOf('1140060001') },
      before: { ID_Numero: id, NU_Numero: MAIN, SN_Principal: 0 },
      after: { ID_Numero: id, NU_Numero: MAIN, SN_Principal: 1 },
    });
  });

  it('switches atomically: of several numbers made main at once, exactly one is, and every request succeeds', async () => {
    const ids = [];
    for (const number of ['1140070001', '1140070002', '1140070003']) ids.push((await create({ NU_Numero: number })).body.data.ID_Numero);
    const answers = await Promise.all(
      ids.map((id, i) =>
        as(MANAGER, 'PUT', numberPath(id), {
          NU_Numero: `114007000${i + 1}`,
          DE_Numero: `Disputa ${i + 1}`,
          SN_Principal: 1,
          SN_Entrada: 1,
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(await mainNumbers()).toHaveLength(1);
    // The main number back where the rest of the file expects it.
    await as(MANAGER, 'PUT', numberPath(await idOf(MAIN)), { NU_Numero: MAIN, DE_Numero: 'Central SP', SN_Principal: 1, SN_Entrada: 1 });
    expect(await mainNumbers()).toEqual([{ number: MAIN }]);
  });

  it('stays main until another number is made main, and cannot be removed (409), changing nothing', async () => {
    const id = await idOf(MAIN);
    expect(await as(MANAGER, 'PUT', numberPath(id), { NU_Numero: MAIN, DE_Numero: 'Central SP', SN_Principal: 0, SN_Entrada: 1 })).toEqual(
      conflict(COMPANY_NUMBER_TEXT.mainRequired),
    );
    expect(await as(MANAGER, 'DELETE', numberPath(id))).toEqual(conflict(COMPANY_NUMBER_TEXT.mainRemoval));
    expect(await mainNumbers()).toEqual([{ number: MAIN }]);
  });

  it('an edit refused for a taken number leaves the previous main number in place', async () => {
    const id = (await create()).body.data.ID_Numero;
    expect(await as(MANAGER, 'PUT', numberPath(id), form({ NU_Numero: OTHER_MAIN, SN_Principal: 1 }))).toEqual(
      conflict(COMPANY_NUMBER_TEXT.taken),
    );
    expect(await as(MANAGER, 'PUT', numberPath(id), form({ NU_Numero: INSS }))).toEqual(conflict(COMPANY_NUMBER_TEXT.taken));
    expect(await mainNumbers()).toEqual([{ number: MAIN }]);
  });
});

describe('PUT and DELETE /cadastros/numeros/{ID_Numero}', () => {
  it("answers 404 for another company's number and an unknown one, touching neither", async () => {
    const others = await idOf(OTHER_MAIN);
    for (const id of [others, 999_999]) {
      expect(await as(MANAGER, 'PUT', numberPath(id), form())).toEqual(NOT_FOUND);
      expect(await as(MANAGER, 'DELETE', numberPath(id))).toEqual(NOT_FOUND);
    }
    expect(await as(MANAGER, 'PUT', '/cadastros/numeros/abc', form())).toEqual(bad('ID_Numero: Identificador inválido.'));
    expect(await mainNumbers(2)).toEqual([{ number: OTHER_MAIN }]);
  });

  it('refuses to remove a number campaigns call from, naming them; once they move, removes it, audited', async () => {
    const id = await idOf(INSS);
    expect(await as(MANAGER, 'DELETE', numberPath(id))).toEqual(conflict(numberInUseText(['INSS Aposentados SP'])));
    const campaign = await campaignId(DEMO_QUEUE.campaignCode);
    expect((await as(MANAGER, 'PUT', `/cadastro/campanha/${campaign}/numero`, { ID_Numero: null })).status).toBe(200);

    expect(await as(MANAGER, 'DELETE', numberPath(id))).toEqual({
      status: 200,
      body: { success: true, text: 'Número removido: (11) 4004-4004.' },
    });
    expect((await listed()).map((row) => row.NU_Numero)).not.toContain(INSS);
    // The campaign now calls from the main number.
    expect((await listed()).find((row) => row.NU_Numero === MAIN)?.campanhas).toContainEqual({
      ID_Campanha: campaign,
      DE_Campanha: 'INSS Aposentados SP',
    });
    expect((await auditRows('numero.remocao')).slice(-1)).toEqual([
      {
        company: 1,
        actor: await personId(MANAGER),
        address: ADDRESS,
        detail: {},
        before: { ID_Numero: id, NU_Numero: INSS, DE_Numero: 'Campanhas INSS', SN_Principal: 0, SN_Entrada: 1 },
        after: null,
      },
    ]);
  });
});

describe("inbound numbers and Kamailio's decision (POST /telefonia/sip/entrada)", () => {
  it('a number added as inbound is routed to the company at once; made outbound only, or removed, it is refused', async () => {
    const did = '1140080001';
    expect(await inbound(did)).toBe(UNKNOWN_DID);
    const { body } = await create({ NU_Numero: did, SN_Entrada: 1 });
    // Nobody is available in the demo company, so the call is refused 480, but as the company's: the DID was found.
    expect(await inbound(`+55${did}`)).toMatch(/^decisao=(encaminhar|recusar;codigo=480;motivo=ninguem);ligacao=\d+/);
    const [call] = await demo.app.db.query<{ company: number; destination: string }>(
      "select id_empresa as company, nu_destino as destination from ligacao where co_direcao = 'entrada' order by id_ligacao desc limit 1",
    );
    expect(call).toEqual({ company: 1, destination: did });

    await as(MANAGER, 'PUT', numberPath(body.data.ID_Numero), form({ NU_Numero: did, SN_Entrada: 0 }));
    expect(await inbound(did)).toBe(UNKNOWN_DID);
    await as(MANAGER, 'PUT', numberPath(body.data.ID_Numero), form({ NU_Numero: did, SN_Entrada: 1 }));
    expect(await inbound(did)).not.toBe(UNKNOWN_DID);

    expect((await as(MANAGER, 'DELETE', numberPath(body.data.ID_Numero))).status).toBe(200);
    expect(await inbound(did)).toBe(UNKNOWN_DID);
  });
});

describe('/cadastros/empresa/telefonia', () => {
  const save = (body: unknown, email = MANAGER) => as(email, 'PUT', '/cadastros/empresa/telefonia', body);
  const stored = async (company = 1) =>
    (
      await demo.app.db.query<{ days: number; limit: number }>(
        'select nu_dias_gravacao as days, nu_limite_pos_atendimento as "limit" from empresa where id_empresa = $1',
        [company],
      )
    )[0];
  const retentionText = 'NU_DiasGravacao: Informe a retenção das gravações em dias, de 1 a 3650.';

  it("reads the company's retention and after-call limit", async () => {
    expect(await as(SUPERVISOR, 'GET', '/cadastros/empresa/telefonia')).toEqual({
      status: 200,
      body: { success: true, text: 'Telefonia da empresa.', data: { NU_DiasGravacao: 90, NU_LimitePosAtendimento: 60 } },
    });
  });

  it('refuses a retention outside 1–3650 days, and a limit by the live board’s own rule and text, saving neither', async () => {
    for (const value of [0, 3651, 90.5, '90', null]) {
      expect(await save({ NU_DiasGravacao: value, NU_LimitePosAtendimento: 60 })).toEqual(bad(retentionText));
    }
    for (const value of [9, 3601, 60.5, '90', null]) {
      const board = await as(MANAGER, 'PUT', '/relatorios/ao-vivo/limite', { NU_LimitePosAtendimento: value });
      expect(board.status).toBe(400);
      expect(await save({ NU_DiasGravacao: 120, NU_LimitePosAtendimento: value })).toEqual(board);
    }
    expect(await stored()).toEqual({ days: 90, limit: 60 });
    expect(await auditRows('empresa.retencao_gravacoes')).toEqual([]);
  });

  it('saves both, audits each change with its values before and after, and the live board flags by the new limit', async () => {
    expect(await save({ NU_DiasGravacao: 180, NU_LimitePosAtendimento: 90 })).toEqual({
      status: 200,
      body: {
        success: true,
        text: 'Telefonia salva: gravações guardadas por 180 dia(s), limite de pós-atendimento de 90 s.',
        data: { NU_DiasGravacao: 180, NU_LimitePosAtendimento: 90 },
      },
    });
    expect(await stored()).toEqual({ days: 180, limit: 90 });
    expect(await stored(2)).toEqual({ days: 90, limit: 60 });
    expect((await as(MANAGER, 'GET', '/relatorios/ao-vivo')).body.data.NU_LimitePosAtendimento).toBe(90);
    const manager = await personId(MANAGER);
    expect(await auditRows('empresa.retencao_gravacoes')).toEqual([
      { company: 1, actor: manager, address: ADDRESS, detail: {}, before: { NU_DiasGravacao: 90 }, after: { NU_DiasGravacao: 180 } },
    ]);
    expect(await auditRows('empresa.limite_pos_atendimento')).toEqual([
      {
        company: 1,
        actor: manager,
        address: ADDRESS,
        detail: {},
        before: { NU_LimitePosAtendimento: 60 },
        after: { NU_LimitePosAtendimento: 90 },
      },
    ]);

    // Only what changed is written and audited.
    await save({ NU_DiasGravacao: 365, NU_LimitePosAtendimento: 90 });
    expect(await auditRows('empresa.retencao_gravacoes')).toHaveLength(2);
    expect(await auditRows('empresa.limite_pos_atendimento')).toHaveLength(1);
    await save({ NU_DiasGravacao: 365, NU_LimitePosAtendimento: 90 });
    expect(await auditRows('empresa.retencao_gravacoes')).toHaveLength(2);
    expect((await as(MANAGER, 'GET', '/cadastros/empresa/telefonia')).body.data).toEqual({
      NU_DiasGravacao: 365,
      NU_LimitePosAtendimento: 90,
    });
  });

  it("changes the caller's company only", async () => {
    const other = await stored(2);
    expect(await as(OTHER_COMPANY, 'PUT', '/cadastros/empresa/telefonia', { NU_DiasGravacao: 30, NU_LimitePosAtendimento: 30 })).toEqual(
      MANAGERS_ONLY,
    );
    expect(await stored(2)).toEqual(other);
  });
});
