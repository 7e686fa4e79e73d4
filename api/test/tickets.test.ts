import { crc32, deflateSync } from 'node:zlib';
import { PENDING_TICKETS_LIMIT } from '@consig/shared/contracts';
import { DEMO_CLIENTS } from '../src/db/demoData';
import { decodeToken, demoClientId, useSignedInDemoApp } from './harness';
import { eventually } from './eventually';
import { authenticate, wsClients } from './wsClient';

const demo = useSignedInDemoApp();
const { tokens } = demo;
const ATTENDANT = 'atendente@demo.com.br';
const OTHER_ATTENDANT = 'atendente2@demo.com.br';
const SUPERVISOR = 'supervisor@demo.com.br';
const MANAGER = 'gerente@demo.com.br';
const OTHER_COMPANY = 'atendente@outra.com.br';

const JOSE = DEMO_CLIENTS.find((c) => c.name === 'José Carlos Pereira')!; // company 1
const OSVALDO = DEMO_CLIENTS.find((c) => c.name === 'Osvaldo Pires Campos')!; // company 2

const call = (method: string, path: string, email: string | null, body?: unknown) =>
  demo.app.call(method, path, { token: email ? tokens[email] : undefined, body });
const openTicket = (body: object, email = ATTENDANT) => call('POST', '/crm/chamado', email, body);
const answer = (ticketId: number, body: object, email = SUPERVISOR) => call('POST', `/crm/chamado/${ticketId}/resposta`, email, body);
const ticketsOf = async (proposalId: number, email = ATTENDANT) => (await call('GET', `/crm/chamado/${proposalId}`, email)).body.data;

/** The raw answer of an attachment route (bytes and headers, not JSON). */
async function image(path: string, email: string | null) {
  const response = await fetch(demo.app.url + path, { headers: email ? { authorization: `Bearer ${tokens[email]}` } : {} });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

const personId = (email: string) => decodeToken(tokens[email]).pessoa.ID_Pessoa as number;

/** A proposal typed by `attendant` for `client`, inserted as registration would leave it (status 10). */
async function insertProposal(client: (typeof DEMO_CLIENTS)[number], attendant: string): Promise<{ id: number; ade: string }> {
  const [row] = await demo.app.db.query<{ id: number; ade: string }>(
    `insert into proposta (id_empresa, id_cliente, id_tipo_credito, id_banco, id_atendente, co_ade, nu_parcelas, vl_parcela, vl_bruto, vl_liquido)
     values ($1, $2, 1, 318, $3, lpad(nextval('proposta_co_ade')::text, 10, '0'), 84, 150.00, 6000.00, 5800.00)
     returning id_proposta as id, co_ade as ade`,
    [client.company, await demoClientId(demo.app.db, client), personId(attendant)],
  );
  return row;
}

/** A real 2×1 PNG (signature, IHDR, IDAT, IEND), built here so the test owns its bytes. */
function pngBytes(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0); // width
  header.writeUInt32BE(1, 4); // height
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, default compression, filter and interlace
  const pixels = Buffer.from([0, 255, 0, 0, 0, 0, 255]); // filter byte, then a red and a blue pixel
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The start of a JFIF file (SOI, APP0 'JFIF') and its end marker: what a camera or an editor writes first. */
const jpegBytes = () =>
  Buffer.from([
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9,
  ]);

const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;
const PNG = pngBytes();
const JPEG = jpegBytes();
const ticketCount = async () => Number((await demo.app.db.query<{ n: string }>('select count(*)::text as n from chamado'))[0].n);

/** ISO 8601 with São Paulo's offset, as the screens show it. */
const SAO_PAULO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}-0[23]:00$/;

describe('POST /crm/chamado', () => {
  it('opens a pending ticket with a PNG, lists it and serves the same bytes at /1', async () => {
    const proposal = await insertProposal(JOSE, ATTENDANT);
    const created = await openTicket({
      ID_Proposta: proposal.id,
      TX_Chamado: '  Banco pediu novo comprovante.  ',
      TX_Base: dataUrl('image/png', PNG),
    });
    expect(created).toEqual({ status: 200, body: { success: true, text: 'Chamado aberto.', data: { ChamadoID: expect.any(Number) } } });
    const id = created.body.data.ChamadoID;

    expect(await ticketsOf(proposal.id)).toEqual([
      {
        ChamadoID: id,
        ID_Proposta: proposal.id,
        ID_Status: 73,
        TX_Chamado: 'Banco pediu novo comprovante.',
        TS_Chamado: expect.stringMatching(SAO_PAULO_INSTANT),
        TX_Resposta: null,
        TS_Resposta: null,
        SN_Anexo: true,
        SN_AnexoResposta: false,
      },
    ]);

    const served = await image(`/crm/chamado/${id}/1`, ATTENDANT);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('private');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.bytes.equals(PNG)).toBe(true);
    // No answer yet, so no answer image.
    expect(await call('GET', `/crm/chamado/${id}/2`, ATTENDANT)).toEqual({
      status: 404,
      body: { success: false, text: 'Anexo não encontrado.' },
    });
  });

  it('takes a JPEG by its content, whatever type the data URL declares, and a ticket without attachment', async () => {
    const proposal = await insertProposal(JOSE, ATTENDANT);
    const jpeg = await openTicket(
      { ID_Proposta: proposal.id, TX_Chamado: 'Foto do documento.', TX_Base: dataUrl('image/png', JPEG) },
      SUPERVISOR,
    );
    expect(jpeg.status).toBe(200);
    const served = await image(`/crm/chamado/${jpeg.body.data.ChamadoID}/1`, MANAGER);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.bytes.equals(JPEG)).toBe(true);

    const plain = await openTicket({ ID_Proposta: proposal.id, TX_Chamado: 'Sem anexo.', TX_Base: null }, MANAGER);
    expect(plain.status).toBe(200);
    expect(await call('GET', `/crm/chamado/${plain.body.data.ChamadoID}/1`, MANAGER)).toMatchObject({ status: 404 });
    // Newest first.
    expect((await ticketsOf(proposal.id)).map((t: { ChamadoID: number; SN_Anexo: boolean }) => [t.ChamadoID, t.SN_Anexo])).toEqual([
      [plain.body.data.ChamadoID, false],
      [jpeg.body.data.ChamadoID, true],
    ]);
  });

  it('refuses a renamed text file, a non-data-URL and an empty image, and writes nothing', async () => {
    const proposal = await insertProposal(JOSE, ATTENDANT);
    const before = await ticketCount();
    const text = Buffer.from('CPF;Nome\n11144477735;José\n', 'utf8');
    for (const TX_Base of [
      dataUrl('image/png', text),
      dataUrl('image/jpeg', Buffer.from(PNG.subarray(0, 8))),
      'comprovante.png',
      'data:image/png;base64,',
    ]) {
      expect(await openTicket({ ID_Proposta: proposal.id, TX_Chamado: 'Anexo', TX_Base })).toEqual({
        status: 400,
        body: { success: false, text: 'Anexo inválido: envie uma imagem PNG ou JPEG.' },
      });
    }
    expect(await ticketCount()).toBe(before);
  });

  it('refuses an image over 5 MB', async () => {
    const proposal = await insertProposal(JOSE, ATTENDANT);
    const before = await ticketCount();
    const big = Buffer.alloc(5 * 1024 * 1024 + 1);
    PNG.copy(big);
    expect(await openTicket({ ID_Proposta: proposal.id, TX_Chamado: 'Grande', TX_Base: dataUrl('image/png', big) })).toEqual({
      status: 413,
      body: { success: false, text: 'O anexo passa de 5 MB.' },
    });
    // Longer than any 5 MB data URL: refused by the contract before decoding.
    const huge = Buffer.alloc(5 * 1024 * 1024 + 4096);
    PNG.copy(huge);
    expect(await openTicket({ ID_Proposta: proposal.id, TX_Chamado: 'Maior', TX_Base: dataUrl('image/png', huge) })).toEqual({
      status: 400,
      body: { success: false, text: 'TX_Base: O anexo passa de 5 MB.' },
    });
    expect(await ticketCount()).toBe(before);
  });

  it("requires the ticket's text ('Este campo é obrigatório.')", async () => {
    const proposal = await insertProposal(JOSE, ATTENDANT);
    for (const TX_Chamado of ['', '   ']) {
      expect(await openTicket({ ID_Proposta: proposal.id, TX_Chamado })).toEqual({
        status: 400,
        body: { success: false, text: 'TX_Chamado: Este campo é obrigatório.' },
      });
    }
  });

  it("answers 404 for a proposal the caller may not see: another attendant's, another company's, none", async () => {
    const proposal = await insertProposal(JOSE, ATTENDANT);
    const foreign = await insertProposal(OSVALDO, OTHER_COMPANY);
    const before = await ticketCount();
    const notFound = { status: 404, body: { success: false, text: 'Proposta não encontrada.' } };
    expect(await openTicket({ ID_Proposta: proposal.id, TX_Chamado: 'x' }, OTHER_ATTENDANT)).toEqual(notFound);
    expect(await openTicket({ ID_Proposta: foreign.id, TX_Chamado: 'x' }, MANAGER)).toEqual(notFound);
    expect(await openTicket({ ID_Proposta: proposal.id, TX_Chamado: 'x' }, OTHER_COMPANY)).toEqual(notFound);
    expect(await openTicket({ ID_Proposta: 2_000_000_000, TX_Chamado: 'x' })).toEqual(notFound);
    expect(await ticketCount()).toBe(before);
  });
});

describe('GET /crm/chamado/{ID_Proposta} and the attachments', () => {
  it("hides another attendant's and another company's tickets (404) and shows the company's to supervisors", async () => {
    const proposal = await insertProposal(JOSE, ATTENDANT);
    const { body } = await openTicket({ ID_Proposta: proposal.id, TX_Chamado: 'Visível?', TX_Base: dataUrl('image/png', PNG) });
    const id = body.data.ChamadoID;
    const proposalNotFound = { status: 404, body: { success: false, text: 'Proposta não encontrada.' } };
    for (const email of [OTHER_ATTENDANT, OTHER_COMPANY]) {
      expect(await call('GET', `/crm/chamado/${proposal.id}`, email)).toEqual(proposalNotFound);
      expect((await image(`/crm/chamado/${id}/1`, email)).status).toBe(404);
    }
    for (const email of [SUPERVISOR, MANAGER]) {
      expect((await ticketsOf(proposal.id, email)).map((t: { ChamadoID: number }) => t.ChamadoID)).toEqual([id]);
      expect((await image(`/crm/chamado/${id}/1`, email)).bytes.equals(PNG)).toBe(true);
    }
    // A proposal without tickets lists none.
    const empty = await insertProposal(JOSE, ATTENDANT);
    expect(await call('GET', `/crm/chamado/${empty.id}`, ATTENDANT)).toMatchObject({ status: 200, body: { success: true, data: [] } });
  });
});

describe('answering a ticket', () => {
  const sockets = wsClients();
  afterEach(() => sockets.closeAll());

  it('resolves it (75) for the author to see, serves its image at /2 and alerts the author (1091)', async () => {
    const author = await authenticate(await sockets.connect(demo.app), { token: tokens[ATTENDANT], id: personId(ATTENDANT) }, demo.app);
    const proposal = await insertProposal(JOSE, ATTENDANT);
    const id = (await openTicket({ ID_Proposta: proposal.id, TX_Chamado: 'Qual a taxa?' })).body.data.ChamadoID;

    expect(await answer(id, { TX_Resposta: 'Taxa de 1,66% a.m.', TX_Base: dataUrl('image/jpeg', JPEG) })).toEqual({
      status: 200,
      body: { success: true, text: 'Chamado respondido.', data: { ChamadoID: id } },
    });
    expect(await ticketsOf(proposal.id, ATTENDANT)).toEqual([
      expect.objectContaining({
        ChamadoID: id,
        ID_Status: 75,
        TX_Resposta: 'Taxa de 1,66% a.m.',
        TS_Resposta: expect.stringMatching(SAO_PAULO_INSTANT),
        SN_Anexo: false,
        SN_AnexoResposta: true,
      }),
    ]);
    const served = await image(`/crm/chamado/${id}/2`, ATTENDANT);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.bytes.equals(JPEG)).toBe(true);

    await eventually(() => author.received.length > 0);
    expect(author.received).toEqual([
      {
        TP_Alerta: 1091,
        DE_Dados: { ChamadoID: id, ID_Proposta: proposal.id },
        DE_Observacao: `Seu chamado nº ${id} da proposta ADE ${proposal.ade} foi respondido.`,
      },
    ]);
  });

  it('answers 409 the second time and keeps the first answer', async () => {
    const proposal = await insertProposal(JOSE, ATTENDANT);
    const id = (await openTicket({ ID_Proposta: proposal.id, TX_Chamado: 'Duas respostas?' })).body.data.ChamadoID;
    expect((await answer(id, { TX_Resposta: 'Primeira.' }, MANAGER)).status).toBe(200);
    expect(await answer(id, { TX_Resposta: 'Segunda.' })).toEqual({
      status: 409,
      body: { success: false, text: 'Este chamado já foi respondido.' },
    });
    expect((await ticketsOf(proposal.id))[0]).toMatchObject({ ID_Status: 75, TX_Resposta: 'Primeira.' });
  });

  it('is for supervisors and managers only (403), with a text and a valid image', async () => {
    const proposal = await insertProposal(JOSE, ATTENDANT);
    const id = (await openTicket({ ID_Proposta: proposal.id, TX_Chamado: 'Quem responde?' })).body.data.ChamadoID;
    expect(await answer(id, { TX_Resposta: 'Eu mesmo.' }, ATTENDANT)).toEqual({
      status: 403,
      body: { success: false, text: 'Apenas supervisores e gerentes respondem chamados.' },
    });
    expect(await answer(id, { TX_Resposta: ' ' })).toEqual({
      status: 400,
      body: { success: false, text: 'TX_Resposta: Este campo é obrigatório.' },
    });
    expect(await answer(id, { TX_Resposta: 'Anexo', TX_Base: dataUrl('image/png', Buffer.from('texto')) })).toEqual({
      status: 400,
      body: { success: false, text: 'Anexo inválido: envie uma imagem PNG ou JPEG.' },
    });
    expect((await ticketsOf(proposal.id))[0]).toMatchObject({ ID_Status: 73, TX_Resposta: null });
  });

  it("answers 404 for another company's ticket and one that does not exist", async () => {
    const foreign = await insertProposal(OSVALDO, OTHER_COMPANY);
    const id = (await openTicket({ ID_Proposta: foreign.id, TX_Chamado: 'Outra empresa' }, OTHER_COMPANY)).body.data.ChamadoID;
    const notFound = { status: 404, body: { success: false, text: 'Chamado não encontrado.' } };
    expect(await answer(id, { TX_Resposta: 'Não é meu.' }, MANAGER)).toEqual(notFound);
    expect(await answer(2_000_000_000, { TX_Resposta: 'Nenhum.' })).toEqual(notFound);
    expect((await ticketsOf(foreign.id, OTHER_COMPANY))[0]).toMatchObject({ ID_Status: 73 });
  });
});

describe('GET /crm/chamado/pendentes', () => {
  it("lists the company's pending tickets oldest first, with ADE, client and attendant; answered ones leave it", async () => {
    const mine = await insertProposal(JOSE, ATTENDANT);
    const theirs = await insertProposal(JOSE, OTHER_ATTENDANT);
    const foreign = await insertProposal(OSVALDO, OTHER_COMPANY);
    const first = (await openTicket({ ID_Proposta: mine.id, TX_Chamado: 'Primeiro' })).body.data.ChamadoID;
    const second = (await openTicket({ ID_Proposta: theirs.id, TX_Chamado: 'Segundo' }, OTHER_ATTENDANT)).body.data.ChamadoID;
    const third = (await openTicket({ ID_Proposta: mine.id, TX_Chamado: 'Terceiro' })).body.data.ChamadoID;
    const other = (await openTicket({ ID_Proposta: foreign.id, TX_Chamado: 'Outra' }, OTHER_COMPANY)).body.data.ChamadoID;
    await answer(third, { TX_Resposta: 'Feito.' });

    const { status, body } = await call('GET', '/crm/chamado/pendentes', MANAGER);
    expect(status).toBe(200);
    const ids = body.data.map((t: { ChamadoID: number }) => t.ChamadoID);
    expect(body.NU_Total).toBe(ids.length);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids).toEqual(expect.arrayContaining([first, second]));
    expect(ids).not.toContain(third);
    expect(ids).not.toContain(other);
    expect(body.data.find((t: { ChamadoID: number }) => t.ChamadoID === second)).toEqual({
      ChamadoID: second,
      ID_Proposta: theirs.id,
      ID_Status: 73,
      TX_Chamado: 'Segundo',
      TS_Chamado: expect.stringMatching(SAO_PAULO_INSTANT),
      TX_Resposta: null,
      TS_Resposta: null,
      SN_Anexo: false,
      SN_AnexoResposta: false,
      CO_ADE: theirs.ade,
      DE_Pessoa: 'José Carlos Pereira',
      DE_Atendente: 'Bruno Henrique Lima',
    });
    expect((await call('GET', '/crm/chamado/pendentes', SUPERVISOR)).body.data.map((t: { ChamadoID: number }) => t.ChamadoID)).toEqual(ids);
  });

  it(`lists only the ${PENDING_TICKETS_LIMIT} oldest, with NU_Total counting every pending ticket of the company alone`, async () => {
    // Inserted by SQL (the route would take 105 requests), company 2's around company 1's: a list or a count
    // that leaked across companies would take them. The earlier tests' pending tickets are resolved first, so
    // the total is exact; this test's tickets are removed at the end, so later tests list theirs.
    const mine = await insertProposal(JOSE, ATTENDANT);
    const foreign = await insertProposal(OSVALDO, OTHER_COMPANY);
    const insertPending = async (proposal: { id: number }, company: number, author: string, count: number) =>
      (
        await demo.app.db.query<{ id: number }>(
          `insert into chamado (id_empresa, id_proposta, id_status, id_pessoa, tx_chamado)
           select $1, $2, 73, $3, 'Chamado ' || n from generate_series(1, $4::int) n order by n
           returning id_chamado as id`,
          [company, proposal.id, personId(author), count],
        )
      )
        .map((row) => row.id)
        .sort((a, b) => a - b);
    await demo.app.db.query(
      "update chamado set id_status = 75, tx_resposta = 'Resolvido no teste.', ts_resposta = now() where id_empresa = $1 and id_status = 73",
      [JOSE.company],
    );
    const before = await insertPending(foreign, OSVALDO.company, OTHER_COMPANY, 2);
    const ids = await insertPending(mine, JOSE.company, ATTENDANT, 105);
    const after = await insertPending(foreign, OSVALDO.company, OTHER_COMPANY, 2);
    try {
      const listed = async (email: string) => {
        const { status, body } = await call('GET', '/crm/chamado/pendentes', email);
        expect(status).toBe(200);
        return { ids: body.data.map((t: { ChamadoID: number }) => t.ChamadoID), total: body.NU_Total };
      };
      for (const email of [SUPERVISOR, MANAGER])
        expect(await listed(email)).toEqual({ ids: ids.slice(0, PENDING_TICKETS_LIMIT), total: 105 });

      // Answering the oldest brings in the next one.
      expect(await answer(ids[0], { TX_Resposta: 'Feito.' })).toMatchObject({ status: 200 });
      expect(await listed(MANAGER)).toEqual({ ids: ids.slice(1, PENDING_TICKETS_LIMIT + 1), total: 104 });
    } finally {
      await demo.app.db.query('delete from chamado where id_chamado between $1 and $2', [before[0], after[after.length - 1]]);
    }
  });

  it('is for supervisors and managers only (403)', async () => {
    for (const email of [ATTENDANT, OTHER_COMPANY]) {
      expect(await call('GET', '/crm/chamado/pendentes', email)).toEqual({
        status: 403,
        body: { success: false, text: 'Apenas supervisores e gerentes respondem chamados.' },
      });
    }
  });
});

describe('every ticket route', () => {
  it('answers 401 without a token', async () => {
    const proposal = await insertProposal(JOSE, ATTENDANT);
    const id = (await openTicket({ ID_Proposta: proposal.id, TX_Chamado: 'Token?', TX_Base: dataUrl('image/png', PNG) })).body.data
      .ChamadoID;
    const unauthorized = { status: 401, body: { success: false, text: 'Sessão expirada ou inválida. Entre novamente.' } };
    expect(await call('POST', '/crm/chamado', null, { ID_Proposta: proposal.id, TX_Chamado: 'x' })).toEqual(unauthorized);
    expect(await call('GET', `/crm/chamado/${proposal.id}`, null)).toEqual(unauthorized);
    expect(await call('GET', `/crm/chamado/${id}/1`, null)).toEqual(unauthorized);
    expect(await call('GET', `/crm/chamado/${id}/2`, null)).toEqual(unauthorized);
    expect(await call('GET', '/crm/chamado/pendentes', null)).toEqual(unauthorized);
    expect(await call('POST', `/crm/chamado/${id}/resposta`, null, { TX_Resposta: 'x' })).toEqual(unauthorized);
  });

  it("answers 404 to another company on every route (company 1's ticket, company 2's caller and back)", async () => {
    const proposal = await insertProposal(JOSE, ATTENDANT);
    const id = (await openTicket({ ID_Proposta: proposal.id, TX_Chamado: 'Isolado', TX_Base: dataUrl('image/png', PNG) })).body.data
      .ChamadoID;
    await answer(id, { TX_Resposta: 'Com imagem', TX_Base: dataUrl('image/png', PNG) });
    expect(await openTicket({ ID_Proposta: proposal.id, TX_Chamado: 'x' }, OTHER_COMPANY)).toMatchObject({ status: 404 });
    expect(await call('GET', `/crm/chamado/${proposal.id}`, OTHER_COMPANY)).toMatchObject({ status: 404 });
    expect(await call('GET', `/crm/chamado/${id}/1`, OTHER_COMPANY)).toMatchObject({ status: 404 });
    expect(await call('GET', `/crm/chamado/${id}/2`, OTHER_COMPANY)).toMatchObject({ status: 404 });

    const foreign = await insertProposal(OSVALDO, OTHER_COMPANY);
    const foreignId = (
      await openTicket({ ID_Proposta: foreign.id, TX_Chamado: 'Outra', TX_Base: dataUrl('image/png', PNG) }, OTHER_COMPANY)
    ).body.data.ChamadoID;
    for (const email of [SUPERVISOR, MANAGER]) {
      expect(await call('GET', `/crm/chamado/${foreign.id}`, email)).toMatchObject({ status: 404 });
      expect(await call('GET', `/crm/chamado/${foreignId}/1`, email)).toMatchObject({ status: 404 });
      expect(await answer(foreignId, { TX_Resposta: 'x' }, email)).toMatchObject({ status: 404 });
      expect((await call('GET', '/crm/chamado/pendentes', email)).body.data.map((t: { ChamadoID: number }) => t.ChamadoID)).not.toContain(
        foreignId,
      );
    }
  });

  it('answers 400 for an id that is not one', async () => {
    expect(await call('GET', '/crm/chamado/abc', ATTENDANT)).toEqual({
      status: 400,
      body: { success: false, text: 'ID_Proposta: Identificador inválido.' },
    });
    expect(await call('GET', '/crm/chamado/0x1/1', ATTENDANT)).toEqual({
      status: 400,
      body: { success: false, text: 'ChamadoID: Identificador inválido.' },
    });
  });
});

describe('removing a proposal', () => {
  it('removes its tickets with it', async () => {
    const proposal = await insertProposal(JOSE, ATTENDANT);
    const kept = await insertProposal(JOSE, ATTENDANT);
    await openTicket({ ID_Proposta: proposal.id, TX_Chamado: 'Um', TX_Base: dataUrl('image/png', PNG) });
    await openTicket({ ID_Proposta: proposal.id, TX_Chamado: 'Dois' });
    await openTicket({ ID_Proposta: kept.id, TX_Chamado: 'Fica' });
    const count = async (id: number) =>
      Number((await demo.app.db.query<{ n: string }>('select count(*)::text as n from chamado where id_proposta = $1', [id]))[0].n);
    expect(await count(proposal.id)).toBe(2);
    await demo.app.db.query('delete from proposta where id_proposta = $1', [proposal.id]);
    expect(await count(proposal.id)).toBe(0);
    expect(await count(kept.id)).toBe(1);
  });
});
