import { deflateSync } from 'node:zlib';
import { DEMO_CLIENTS } from '../src/db/demoData';
import { demoClientId, useSignedInDemoApp } from './harness';

const demo = useSignedInDemoApp();
const { tokens } = demo;
const ATTENDANT = 'atendente@demo.com.br';
const SUPERVISOR = 'supervisor@demo.com.br';
const OTHER_COMPANY = 'atendente@outra.com.br';

const JOSE = DEMO_CLIENTS.find((c) => c.name === 'José Carlos Pereira')!; // company 1
const OSVALDO = DEMO_CLIENTS.find((c) => c.name === 'Osvaldo Pires Campos')!; // company 2

const call = (method: string, path: string, email: string | null, body?: unknown) =>
  demo.app.call(method, path, { token: email ? tokens[email] : undefined, body });

/** The raw answer of a file route (bytes and headers, not JSON). */
async function download(path: string, email: string | null) {
  const response = await fetch(demo.app.url + path, { headers: email ? { authorization: `Bearer ${tokens[email]}` } : {} });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

/** A small real PDF: header, one empty page, trailer (what a scanner's export starts and ends with). */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), deflateSync(Buffer.from('imagem'))]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);

const SAO_PAULO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}-0[23]:00$/;

let jose: number;
let osvaldo: number;
const documentsPath = (clientId: number) => `/crm/cliente/${clientId}/documentos`;
const upload = (clientId: number, body: object, email = ATTENDANT) => call('POST', documentsPath(clientId), email, body);
const listOf = async (clientId: number, email = ATTENDANT) => (await call('GET', documentsPath(clientId), email)).body.data;
const documentCount = async () =>
  Number((await demo.app.db.query<{ n: string }>('select count(*)::text as n from cliente_documento'))[0].n);

beforeAll(async () => {
  jose = await demoClientId(demo.app.db, JOSE);
  osvaldo = await demoClientId(demo.app.db, OSVALDO);
});

describe('client documents', () => {
  it('keeps a PDF, a PNG and a JPEG, lists them newest first, serves the same bytes and deletes one', async () => {
    const pdf = await upload(jose, { ID_TipoDocumento: 3, NO_Arquivo: 'extrato março.pdf', TX_Base: dataUrl('application/pdf', PDF) });
    expect(pdf).toEqual({ status: 200, body: { success: true, text: 'Documento enviado.', data: { DocumentoID: expect.any(Number) } } });
    // The type is the content's, not the one the data URL declares.
    const png = await upload(jose, { ID_TipoDocumento: 1, NO_Arquivo: 'rg.jpg', TX_Base: dataUrl('image/jpeg', PNG) }, SUPERVISOR);
    const jpeg = await upload(jose, { ID_TipoDocumento: 2, NO_Arquivo: 'conta de luz.jpeg', TX_Base: dataUrl('image/jpeg', JPEG) });
    expect([png.status, jpeg.status]).toEqual([200, 200]);

    expect(await listOf(jose)).toEqual([
      {
        DocumentoID: jpeg.body.data.DocumentoID,
        ID_Cliente: jose,
        ID_TipoDocumento: 2,
        DE_TipoDocumento: 'Comprovante de residência',
        NO_Arquivo: 'conta de luz.jpeg',
        TP_Arquivo: 'image/jpeg',
        NU_Bytes: JPEG.length,
        TS_Envio: expect.stringMatching(SAO_PAULO_INSTANT),
        DE_Pessoa: expect.any(String),
      },
      expect.objectContaining({
        DocumentoID: png.body.data.DocumentoID,
        DE_TipoDocumento: 'RG/CNH',
        TP_Arquivo: 'image/png',
        NU_Bytes: PNG.length,
      }),
      expect.objectContaining({
        DocumentoID: pdf.body.data.DocumentoID,
        DE_TipoDocumento: 'Extrato',
        NO_Arquivo: 'extrato março.pdf',
        TP_Arquivo: 'application/pdf',
      }),
    ]);

    const served = await download(`${documentsPath(jose)}/${pdf.body.data.DocumentoID}`, SUPERVISOR);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('cache-control')).toBe('private');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-disposition')).toBe(
      `attachment; filename="extrato marco.pdf"; filename*=UTF-8''extrato%20mar%C3%A7o.pdf`,
    );
    expect(served.bytes.equals(PDF)).toBe(true);

    expect(await call('DELETE', `${documentsPath(jose)}/${png.body.data.DocumentoID}`, ATTENDANT)).toEqual({
      status: 200,
      body: { success: true, text: 'Documento excluído.', data: { DocumentoID: png.body.data.DocumentoID } },
    });
    expect((await listOf(jose)).map((d: { DocumentoID: number }) => d.DocumentoID)).toEqual([
      jpeg.body.data.DocumentoID,
      pdf.body.data.DocumentoID,
    ]);
    expect(await call('GET', `${documentsPath(jose)}/${png.body.data.DocumentoID}`, ATTENDANT)).toEqual({
      status: 404,
      body: { success: false, text: 'Documento não encontrado.' },
    });
    expect(await call('DELETE', `${documentsPath(jose)}/${png.body.data.DocumentoID}`, ATTENDANT)).toMatchObject({ status: 404 });
  });

  it('refuses what is no PNG, JPEG or PDF by its bytes, with a Portuguese text, and writes nothing', async () => {
    const before = await documentCount();
    const renamed = [
      dataUrl('application/pdf', Buffer.from('CPF;Nome\n11144477735;José\n', 'utf8')), // a spreadsheet renamed .pdf
      dataUrl('image/gif', Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1')),
      dataUrl('application/pdf', Buffer.from('%PDF-')), // the signature with nothing after it
      'extrato.pdf',
    ];
    for (const TX_Base of renamed) {
      expect(await upload(jose, { ID_TipoDocumento: 3, NO_Arquivo: 'extrato.pdf', TX_Base })).toEqual({
        status: 400,
        body: { success: false, text: 'Documento inválido: envie um arquivo PNG, JPEG ou PDF.' },
      });
    }
    expect(await upload(jose, { ID_TipoDocumento: 9, NO_Arquivo: 'x.pdf', TX_Base: dataUrl('application/pdf', PDF) })).toEqual({
      status: 400,
      body: { success: false, text: 'ID_TipoDocumento: Selecione o tipo do documento.' },
    });
    expect(await upload(jose, { ID_TipoDocumento: 3, NO_Arquivo: 'x.pdf', TX_Base: '' })).toEqual({
      status: 400,
      body: { success: false, text: 'TX_Base: Anexar um arquivo é obrigatório.' },
    });
    expect(await documentCount()).toBe(before);
  });

  it('takes exactly 5 MB and refuses one byte more (413)', async () => {
    const exactly = Buffer.alloc(5 * 1024 * 1024);
    PDF.copy(exactly);
    const accepted = await upload(jose, { ID_TipoDocumento: 3, NO_Arquivo: 'grande.pdf', TX_Base: dataUrl('application/pdf', exactly) });
    expect(accepted.status).toBe(200);
    expect((await listOf(jose)).find((d: { DocumentoID: number }) => d.DocumentoID === accepted.body.data.DocumentoID).NU_Bytes).toBe(
      exactly.length,
    );

    const before = await documentCount();
    const over = Buffer.alloc(5 * 1024 * 1024 + 1);
    PDF.copy(over);
    expect(await upload(jose, { ID_TipoDocumento: 3, NO_Arquivo: 'grande.pdf', TX_Base: dataUrl('application/pdf', over) })).toEqual({
      status: 413,
      body: { success: false, text: 'O documento passa de 5 MB.' },
    });
    expect(await documentCount()).toBe(before);
  });

  it('needs a session (401)', async () => {
    const unauthorized = { status: 401 };
    expect(await call('GET', documentsPath(jose), null)).toMatchObject(unauthorized);
    expect(
      await upload(jose, { ID_TipoDocumento: 3, NO_Arquivo: 'x.pdf', TX_Base: dataUrl('application/pdf', PDF) }, null as unknown as string),
    ).toMatchObject(unauthorized);
    expect((await download(`${documentsPath(jose)}/1`, null)).status).toBe(401);
    expect(await call('DELETE', `${documentsPath(jose)}/1`, null)).toMatchObject(unauthorized);
  });

  it("answers 404 for another company's client and documents, and reveals and changes nothing", async () => {
    const theirs = await upload(osvaldo, { ID_TipoDocumento: 1, NO_Arquivo: 'cnh.png', TX_Base: dataUrl('image/png', PNG) }, OTHER_COMPANY);
    expect(theirs.status).toBe(200);
    const documentId = theirs.body.data.DocumentoID;
    const before = await documentCount();
    const clientNotFound = { status: 404, body: { success: false, text: 'Cliente não encontrado.' } };
    const documentNotFound = { status: 404, body: { success: false, text: 'Documento não encontrado.' } };

    expect(await call('GET', documentsPath(osvaldo), ATTENDANT)).toEqual(clientNotFound);
    expect(await upload(osvaldo, { ID_TipoDocumento: 1, NO_Arquivo: 'x.png', TX_Base: dataUrl('image/png', PNG) })).toEqual(clientNotFound);
    expect(await call('GET', `${documentsPath(osvaldo)}/${documentId}`, SUPERVISOR)).toEqual(documentNotFound);
    // Their document under our client's path is no document of ours either.
    expect(await call('GET', `${documentsPath(jose)}/${documentId}`, SUPERVISOR)).toEqual(documentNotFound);
    expect(await call('DELETE', `${documentsPath(osvaldo)}/${documentId}`, SUPERVISOR)).toEqual(documentNotFound);
    expect(await call('DELETE', `${documentsPath(jose)}/${documentId}`, SUPERVISOR)).toEqual(documentNotFound);
    expect(await documentCount()).toBe(before);
    expect((await listOf(osvaldo, OTHER_COMPANY)).map((d: { DocumentoID: number }) => d.DocumentoID)).toContain(documentId);
  });
});
