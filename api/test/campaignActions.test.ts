import { createCampaignsRepository } from '../src/campaigns/campaigns.repository';
import { TEXT } from '../src/http/errors';
import { useSignedInDemoApp } from './harness';
import { upcoming } from './upcoming';

// The next working Wednesday at 10:00 in São Paulo: inside every calling window, so the queue hands clients out.
const now = upcoming(3, 10);
const demo = useSignedInDemoApp({ clock: () => now });
const SUP = 'supervisor@demo.com.br';
const GER = 'gerente@demo.com.br';
const ATT = 'atendente@demo.com.br';
const OTHER_COMPANY = 'atendente@outra.com.br';

const call = (method: string, path: string, email: string | null, body?: unknown) =>
  demo.app.call(method, path, { token: email ? demo.tokens[email] : undefined, body });

const idOf = async (code: string, company = 1) =>
  (
    await demo.app.db.query<{ id: number }>('select id_campanha as id from campanha where id_empresa = $1 and co_campanha = $2', [
      company,
      code,
    ])
  )[0].id;
const personId = async (email: string) =>
  (await demo.app.db.query<{ id: number }>('select id_pessoa as id from pessoa where em_email = $1', [email]))[0].id;
const statusOf = async (id: number) =>
  (await demo.app.db.query<{ status: number }>('select id_status as status from campanha where id_campanha = $1', [id]))[0]?.status;
const queueSize = async (id: number) =>
  (await demo.app.db.query<{ n: number }>('select count(*)::int as n from fila where id_campanha = $1', [id]))[0].n;
const links = async (id: number) =>
  demo.app.db.query<{ id: number; selected: number }>(
    'select id_atendente as id, sn_selecionado as selected from campanha_atendente where id_campanha = $1 order by id_atendente',
    [id],
  );

/** Every management endpoint, for a campaign id (the request each one makes). */
const endpoints = (campaignId: number, attendantId: number) => [
  { method: 'POST', path: '/cadastro/campanha', body: { ID_Orgao: 4, DE_Campanha: 'Nova' } },
  { method: 'PUT', path: `/cadastro/campanha/${campaignId}/iniciar` },
  { method: 'PUT', path: `/cadastro/campanha/${campaignId}/pausar` },
  { method: 'POST', path: '/cadastro/campanha/duplicar', body: { CampanhaID: campaignId } },
  { method: 'DELETE', path: `/cadastro/campanha/${campaignId}` },
  { method: 'GET', path: `/cadastro/campanha/${campaignId}/atendentes` },
  {
    method: 'POST',
    path: '/cadastro/campanha/atendentes',
    body: { ID_Campanha: campaignId, atendentes: [{ ID_Atendente: attendantId, SN_Selecionado: 1 }] },
  },
  { method: 'GET', path: `/cadastro/campanha/${campaignId}/resumo` },
  { method: 'GET', path: '/cadastro/numeros' },
  { method: 'PUT', path: `/cadastro/campanha/${campaignId}/numero`, body: { ID_Numero: null } },
];

describe('campaign management: who may call it', () => {
  it('answers 401 without a token on every endpoint', async () => {
    for (const { method, path, body } of endpoints(await idOf('CMP-0002'), await personId(ATT))) {
      const { status, body: answer } = await call(method, path, null, body);
      expect({ method, path, status, answer }).toEqual({ method, path, status: 401, answer: { success: false, text: TEXT.unauthorized } });
    }
  });

  it('answers 403 in Portuguese to attendants on every endpoint and changes nothing', async () => {
    const campaign = await idOf('CMP-0002');
    const before = await call('GET', '/cadastro/campanhas', SUP);
    for (const { method, path, body } of endpoints(campaign, await personId(ATT))) {
      const { status, body: answer } = await call(method, path, ATT, body);
      expect({ method, path, status, answer }).toEqual({ method, path, status: 403, answer: { success: false, text: TEXT.forbidden } });
    }
    expect((await call('GET', '/cadastro/campanhas', SUP)).body).toEqual(before.body);
    // The list itself stays readable by attendants.
    expect((await call('GET', '/cadastro/campanhas', ATT)).status).toBe(200);
  });

  it("answers 404 'Campanha não encontrada.' for another company's campaign on every endpoint and leaves it alone", async () => {
    const foreign = await idOf('CMP-0001', 2);
    const endpointsWithId = endpoints(foreign, await personId(ATT)).filter(
      (e) => !['/cadastro/campanha', '/cadastro/numeros'].includes(e.path),
    );
    expect(endpointsWithId).toHaveLength(8);
    for (const email of [SUP, GER]) {
      for (const { method, path, body } of endpointsWithId) {
        const { status, body: answer } = await call(method, path, email, body);
        expect({ method, path, status, answer }).toEqual({
          method,
          path,
          status: 404,
          answer: { success: false, text: 'Campanha não encontrada.' },
        });
      }
    }
    expect(await statusOf(foreign)).toBe(35);
    expect(await links(foreign)).toEqual([{ id: await personId(OTHER_COMPANY), selected: 1 }]);
    // An id that exists nowhere reads the same.
    expect((await call('GET', '/cadastro/campanha/999999/resumo', SUP)).body.text).toBe('Campanha não encontrada.');
  });
});

describe('POST /cadastro/campanha', () => {
  it('creates a campaign in 26 with the next code of the company, listed first', async () => {
    const { status, body } = await call('POST', '/cadastro/campanha', SUP, { ID_Orgao: 1, DE_Campanha: '  FGTS Novembro  ' });
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      text: 'Campanha CMP-0005 criada.',
      data: { CampanhaID: expect.any(Number), CO_Campanha: 'CMP-0005' },
    });
    const [first] = (await call('GET', '/cadastro/campanhas', SUP)).body.data;
    expect(first).toEqual({
      CampanhaID: body.data.CampanhaID,
      DE_Campanha: 'FGTS Novembro',
      CO_Campanha: 'CMP-0005',
      ID_Orgao: 1,
      ID_Status: 26,
      importacao: null,
      NU_Higienizados: 0,
      NU_Importados: 0,
      TS_Baixa: null,
      TS_Solicitacao: null,
      ID_NumeroSaida: null, // the company's main number
    });
    expect((await call('POST', '/cadastro/campanha', GER, { ID_Orgao: 4, DE_Campanha: 'INSS Dezembro' })).body.data.CO_Campanha).toBe(
      'CMP-0006',
    );
  });

  it('gives concurrent creates distinct codes', async () => {
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => call('POST', '/cadastro/campanha', n % 2 ? SUP : GER, { ID_Orgao: 4, DE_Campanha: `Paralela ${n}` })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const codes = answers.map((a) => a.body.data.CO_Campanha).sort();
    expect(codes).toEqual(['CMP-0007', 'CMP-0008', 'CMP-0009', 'CMP-0010', 'CMP-0011']);
    for (const { body } of answers) await demo.app.db.query('delete from campanha where id_campanha = $1', [body.data.CampanhaID]);
  });

  it('numbers codes per company', async () => {
    // Company 2 has no supervisor in the demo data: its repository is used directly.
    const created = await createCampaignsRepository({ db: demo.app.db, companyId: 2 }).create('Outra', 4);
    expect(created.CO_Campanha).toBe('CMP-0002');
    await demo.app.db.query('delete from campanha where id_campanha = $1', [created.CampanhaID]);
  });

  it('refuses bad input field by field, in Portuguese, and creates nothing', async () => {
    const count = async () => (await call('GET', '/cadastro/campanhas', SUP)).body.data.length;
    const before = await count();
    const cases: [unknown, string][] = [
      [{ ID_Orgao: 4, DE_Campanha: '' }, 'DE_Campanha: Este campo é obrigatório.'],
      [{ ID_Orgao: 4, DE_Campanha: '   ' }, 'DE_Campanha: Este campo é obrigatório.'],
      [{ ID_Orgao: 4 }, 'DE_Campanha: Este campo é obrigatório.'],
      [{ ID_Orgao: 4, DE_Campanha: 'x'.repeat(101) }, 'DE_Campanha: Use no máximo 100 caracteres.'],
      [{ DE_Campanha: 'Sem tipo' }, 'ID_Orgao: Selecione um tipo.'],
      [{ ID_Orgao: null, DE_Campanha: 'Sem tipo' }, 'ID_Orgao: Selecione um tipo.'],
      [{ ID_Orgao: '4', DE_Campanha: 'Tipo em texto' }, 'ID_Orgao: Selecione um tipo.'],
      [{ ID_Orgao: 0, DE_Campanha: 'Tipo zero' }, 'ID_Orgao: Selecione um tipo.'],
      [{ ID_Orgao: 2, DE_Campanha: 'Tipo que não existe' }, 'ID_Orgao: Selecione um tipo.'],
    ];
    for (const [body, text] of cases) {
      expect({ body, answer: (await call('POST', '/cadastro/campanha', SUP, body)).body }).toEqual({
        body,
        answer: { success: false, text },
      });
    }
    expect(await count()).toBe(before);
  });
});

describe('starting and pausing', () => {
  it('starts a created campaign, refuses to start it twice, pauses it, refuses to pause it twice, starts it again', async () => {
    const id = await idOf('CMP-0002');
    const act = async (action: string) => call('PUT', `/cadastro/campanha/${id}/${action}`, SUP);

    expect(await act('pausar')).toEqual({ status: 409, body: { success: false, text: 'Só é possível pausar uma campanha em andamento.' } });
    expect(await statusOf(id)).toBe(26);
    expect(await act('iniciar')).toEqual({
      status: 200,
      body: { success: true, text: 'Campanha iniciada.', data: { CampanhaID: id, ID_Status: 35 } },
    });
    expect(await act('iniciar')).toEqual({
      status: 409,
      body: { success: false, text: 'Só é possível iniciar uma campanha criada ou pausada.' },
    });
    expect(await act('pausar')).toEqual({
      status: 200,
      body: { success: true, text: 'Campanha pausada.', data: { CampanhaID: id, ID_Status: 58 } },
    });
    expect((await act('pausar')).status).toBe(409);
    expect((await call('PUT', `/cadastro/campanha/${id}/iniciar`, GER)).body.data.ID_Status).toBe(35);
    const listed = (await call('GET', '/cadastro/campanhas', ATT)).body.data.find((c: { CampanhaID: number }) => c.CampanhaID === id);
    expect(listed.ID_Status).toBe(35);
    expect((await act('pausar')).status).toBe(200);
  });

  it('refuses to start a campaign in analysis (72) while its list is being loaded', async () => {
    const id = await idOf('CMP-0003');
    expect((await call('PUT', `/cadastro/campanha/${id}/iniciar`, SUP)).body).toEqual({
      success: false,
      text: 'Só é possível iniciar uma campanha criada ou pausada.',
    });
    expect(await statusOf(id)).toBe(72);
  });

  it('pausing the running campaign stops its queue; starting it again hands its clients out', async () => {
    const id = await idOf('CMP-0001');
    expect((await call('PUT', `/cadastro/campanha/${id}/pausar`, SUP)).status).toBe(200);
    expect((await call('GET', '/crm/cliente/proximo', ATT)).body.success).toBe(false);
    expect((await call('PUT', `/cadastro/campanha/${id}/iniciar`, SUP)).status).toBe(200);
    const next = await call('GET', '/crm/cliente/proximo', ATT);
    expect(next.body).toMatchObject({ success: true, data: { cliente: { ID_Campanha: id } } });
  });

  it('answers 400 for a malformed id', async () => {
    expect((await call('PUT', '/cadastro/campanha/abc/iniciar', SUP)).body).toEqual({
      success: false,
      text: 'id: Identificador inválido.',
    });
  });
});

describe('POST /cadastro/campanha/duplicar', () => {
  it("copies name (with ' (cópia)'), agency and attendants into a new campaign in 26, without clients or queue", async () => {
    const original = await idOf('CMP-0001');
    expect(await queueSize(original)).toBeGreaterThan(0);
    const { status, body } = await call('POST', '/cadastro/campanha/duplicar', GER, { CampanhaID: original });
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      text: 'Campanha duplicada como CMP-0007.',
      data: { CampanhaID: expect.any(Number), CO_Campanha: 'CMP-0007' },
    });
    const copy = body.data.CampanhaID;
    const listed = (await call('GET', '/cadastro/campanhas', SUP)).body.data.find((c: { CampanhaID: number }) => c.CampanhaID === copy);
    expect(listed).toEqual({
      CampanhaID: copy,
      DE_Campanha: 'INSS Aposentados SP (cópia)',
      CO_Campanha: 'CMP-0007',
      ID_Orgao: 4,
      ID_Status: 26,
      importacao: null,
      NU_Higienizados: 0,
      NU_Importados: 0,
      TS_Baixa: null,
      TS_Solicitacao: null,
      // The original's caller number: the seed gives CMP-0001 'Campanhas INSS'.
      ID_NumeroSaida: (
        await demo.app.db.query<{ id: number }>("select id_numero as id from numero_empresa where nu_numero = '1140044004'")
      )[0].id,
    });
    expect(await links(copy)).toEqual(await links(original));
    expect((await links(copy)).length).toBe(3);
    expect(await queueSize(copy)).toBe(0);
    expect(await statusOf(original)).toBe(35);
  });

  it('keeps a long name within 100 characters', async () => {
    const created = await call('POST', '/cadastro/campanha', SUP, { ID_Orgao: 4, DE_Campanha: 'N'.repeat(100) });
    const copy = await call('POST', '/cadastro/campanha/duplicar', SUP, { CampanhaID: created.body.data.CampanhaID });
    const resumo = await call('GET', `/cadastro/campanha/${copy.body.data.CampanhaID}/resumo`, SUP);
    expect(resumo.body.data.DE_Campanha).toBe('N'.repeat(92) + ' (cópia)');
  });

  it('refuses a missing or malformed CampanhaID', async () => {
    expect((await call('POST', '/cadastro/campanha/duplicar', SUP, {})).body).toEqual({
      success: false,
      text: 'CampanhaID: Campanha inválida.',
    });
    expect((await call('POST', '/cadastro/campanha/duplicar', SUP, { CampanhaID: '7' })).body.text).toBe('CampanhaID: Campanha inválida.');
  });
});

describe('GET and POST of the campaign attendants', () => {
  it("lists the company's active attendants with SN_Selecionado, 0 for those not linked", async () => {
    const id = await idOf('CMP-0004');
    const { status, body } = await call('GET', `/cadastro/campanha/${id}/atendentes`, SUP);
    expect(status).toBe(200);
    expect(body.data).toEqual([
      { ID_Atendente: await personId(ATT), DE_Pessoa: 'Ana Paula Souza', SN_Selecionado: 0 },
      { ID_Atendente: await personId('atendente2@demo.com.br'), DE_Pessoa: 'Bruno Henrique Lima', SN_Selecionado: 0 },
      { ID_Atendente: await personId('atendente3@demo.com.br'), DE_Pessoa: 'Camila Torres', SN_Selecionado: 0 },
    ]);
    const running = (await call('GET', `/cadastro/campanha/${await idOf('CMP-0001')}/atendentes`, GER)).body.data;
    expect(running.map((a: { SN_Selecionado: number }) => a.SN_Selecionado)).toEqual([1, 1, 1]);
  });

  it('upserts the listed links and leaves the others', async () => {
    const id = await idOf('CMP-0004');
    const [ana, bruno, camila] = [await personId(ATT), await personId('atendente2@demo.com.br'), await personId('atendente3@demo.com.br')];
    const body = {
      ID_Campanha: id,
      atendentes: [
        { ID_Atendente: ana, SN_Selecionado: 1 },
        { ID_Atendente: bruno, SN_Selecionado: 1 },
      ],
    };
    expect((await call('POST', '/cadastro/campanha/atendentes', SUP, body)).body).toEqual({
      success: true,
      text: 'Atendentes da campanha salvos.',
      data: { NU_Selecionados: 2 },
    });
    await call('POST', '/cadastro/campanha/atendentes', SUP, { ID_Campanha: id, atendentes: [{ ID_Atendente: bruno, SN_Selecionado: 0 }] });
    const listed = (await call('GET', `/cadastro/campanha/${id}/atendentes`, SUP)).body.data;
    expect(listed.map((a: { ID_Atendente: number; SN_Selecionado: number }) => [a.ID_Atendente, a.SN_Selecionado])).toEqual([
      [ana, 1],
      [bruno, 0],
      [camila, 0],
    ]);
  });

  it('writes nothing when one id is not an attendant of the company (another company, a supervisor, unknown)', async () => {
    const id = await idOf('CMP-0004');
    const before = await links(id);
    const camila = await personId('atendente3@demo.com.br');
    for (const stranger of [await personId(OTHER_COMPANY), await personId(SUP), 999999]) {
      const body = {
        ID_Campanha: id,
        atendentes: [
          { ID_Atendente: camila, SN_Selecionado: 1 },
          { ID_Atendente: stranger, SN_Selecionado: 1 },
        ],
      };
      expect(await call('POST', '/cadastro/campanha/atendentes', SUP, body)).toEqual({
        status: 404,
        body: { success: false, text: 'Atendente não encontrado.' },
      });
    }
    expect(await links(id)).toEqual(before);
  });

  it('refuses bad input field by field', async () => {
    const id = await idOf('CMP-0004');
    const ana = await personId(ATT);
    const cases: [unknown, string][] = [
      [{ atendentes: [] }, 'ID_Campanha: Campanha inválida.'],
      [{ ID_Campanha: id }, 'atendentes: Este campo é obrigatório.'],
      [
        { ID_Campanha: id, atendentes: [{ ID_Atendente: ana, SN_Selecionado: 2 }] },
        'atendentes.0.SN_Selecionado: Use 1 (selecionado) ou 0.',
      ],
      [{ ID_Campanha: id, atendentes: [{ SN_Selecionado: 1 }] }, 'atendentes.0.ID_Atendente: Atendente inválido.'],
      [
        {
          ID_Campanha: id,
          atendentes: [
            { ID_Atendente: ana, SN_Selecionado: 1 },
            { ID_Atendente: ana, SN_Selecionado: 0 },
          ],
        },
        'atendentes: Atendente repetido na lista.',
      ],
    ];
    for (const [body, text] of cases) {
      expect({ body, answer: (await call('POST', '/cadastro/campanha/atendentes', SUP, body)).body }).toEqual({
        body,
        answer: { success: false, text },
      });
    }
  });
});

describe('GET /cadastro/campanha/{id}/resumo', () => {
  it('answers the name, code, import counts and dates', async () => {
    const { status, body } = await call('GET', `/cadastro/campanha/${await idOf('CMP-0001')}/resumo`, SUP);
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      text: 'Campanha CMP-0001.',
      data: {
        DE_Campanha: 'INSS Aposentados SP',
        CO_Campanha: 'CMP-0001',
        NU_Higienizados: 3,
        NU_Importados: 65,
        TS_Baixa: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
        TS_Solicitacao: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      },
    });
    expect(Date.parse(body.data.TS_Solicitacao)).toBeLessThan(Date.parse(body.data.TS_Baixa));
    expect((await call('GET', `/cadastro/campanha/${await idOf('CMP-0002')}/resumo`, SUP)).body.data).toMatchObject({
      TS_Baixa: null,
      TS_Solicitacao: null,
    });
  });
});

describe('DELETE /cadastro/campanha/{id}', () => {
  it('refuses while the campaign runs and keeps it whole', async () => {
    const id = await idOf('CMP-0001');
    const queued = await queueSize(id);
    expect(await call('DELETE', `/cadastro/campanha/${id}`, GER)).toEqual({
      status: 409,
      body: { success: false, text: 'Pause a campanha antes de excluí-la.' },
    });
    expect(await statusOf(id)).toBe(35);
    expect(await queueSize(id)).toBe(queued);
  });

  it('refuses while a list import is still being processed', async () => {
    const id = await idOf('CMP-0003'); // 72 Em análise, import status 0
    expect(await call('DELETE', `/cadastro/campanha/${id}`, SUP)).toEqual({
      status: 409,
      body: { success: false, text: 'Aguarde o fim da importação para excluir a campanha.' },
    });
    expect(await statusOf(id)).toBe(72);
  });

  it('deletes a paused campaign with its queue and attendant links, keeping the attendance history without it', async () => {
    const id = await idOf('CMP-0001');
    const ana = await personId(ATT);
    await demo.app.db.query(
      'insert into historico_atendimento (id_empresa, id_atendente, id_status, id_campanha) values (1, $1, 303, $2)',
      [ana, id],
    );
    const history = async () =>
      (await demo.app.db.query<{ n: number }>('select count(*)::int as n from historico_atendimento where id_atendente = $1', [ana]))[0].n;
    const historyBefore = await history();
    expect((await call('PUT', `/cadastro/campanha/${id}/pausar`, SUP)).status).toBe(200);

    expect(await call('DELETE', `/cadastro/campanha/${id}`, SUP)).toEqual({
      status: 200,
      body: { success: true, text: 'Campanha excluída.', data: null },
    });
    expect(await statusOf(id)).toBeUndefined();
    expect(await queueSize(id)).toBe(0);
    expect(await links(id)).toEqual([]);
    expect(await history()).toBe(historyBefore);
    expect((await demo.app.db.query('select 1 from historico_atendimento where id_campanha = $1', [id])).length).toBe(0);
    expect((await call('GET', '/cadastro/campanhas', SUP)).body.data.some((c: { CampanhaID: number }) => c.CampanhaID === id)).toBe(false);
    expect((await call('DELETE', `/cadastro/campanha/${id}`, SUP)).status).toBe(404);
  });

  it('deletes a campaign that was never started', async () => {
    const created = await call('POST', '/cadastro/campanha', SUP, { ID_Orgao: 4, DE_Campanha: 'Criada por engano' });
    const id = created.body.data.CampanhaID;
    expect(await statusOf(id)).toBe(26);
    expect((await call('DELETE', `/cadastro/campanha/${id}`, SUP)).body).toEqual({ success: true, text: 'Campanha excluída.', data: null });
    expect(await statusOf(id)).toBeUndefined();
  });
});
