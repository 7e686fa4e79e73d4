import { DEMO_QUEUE } from '../src/db/demoData';
import { TEXT } from '../src/http/errors';
import { useSignedInDemoApp } from './harness';
import { upcoming } from './upcoming';

// each campaign's caller number, chosen by supervisors and managers among the company's numbers.
// The next working Wednesday at 10:00 in São Paulo: inside every calling window, so the queue hands clients out.
const now = upcoming(3, 10);
const demo = useSignedInDemoApp({ clock: () => now });
const SUP = 'supervisor@demo.com.br';
const GER = 'gerente@demo.com.br';
const ATT = 'atendente@demo.com.br'; // extension 1001
const MAIN = '1130030303'; // company 1's main number ('Central SP')
const INSS = '1140044004'; // company 1's 'Campanhas INSS', the seed's number of CMP-0001
const OTHER_COMPANY_NUMBER = '2130002000';
const SAVED = 'Número de saída da campanha atualizado.';
const REFUSED_NUMBER = { success: false, text: 'ID_Numero: Selecione um número da empresa.' };

const call = (method: string, path: string, email: string | null, body?: unknown) =>
  demo.app.call(method, path, { token: email ? demo.tokens[email] : undefined, body });
const idOf = async (code: string, company = 1) =>
  (
    await demo.app.db.query<{ id: number }>('select id_campanha as id from campanha where id_empresa = $1 and co_campanha = $2', [
      company,
      code,
    ])
  )[0].id;
const numberId = async (number: string) =>
  (await demo.app.db.query<{ id: number }>('select id_numero as id from numero_empresa where nu_numero = $1', [number]))[0].id;
const stored = async (campaign: number) =>
  (await demo.app.db.query<{ id: number | null }>('select id_numero_saida as id from campanha where id_campanha = $1', [campaign]))[0].id;
const listed = async (campaign: number, email = SUP) =>
  (await call('GET', '/cadastro/campanhas', email)).body.data.find((c: { CampanhaID: number }) => c.CampanhaID === campaign);
const setNumber = (campaign: number, ID_Numero: unknown, email: string | null = SUP) =>
  call('PUT', `/cadastro/campanha/${campaign}/numero`, email, { ID_Numero });

describe('GET /cadastro/numeros', () => {
  it("lists the company's numbers (never another company's), the main one first, to supervisors and managers", async () => {
    for (const email of [SUP, GER]) {
      expect(await call('GET', '/cadastro/numeros', email)).toEqual({
        status: 200,
        body: {
          success: true,
          text: '2 número(s).',
          data: [
            { ID_Numero: await numberId(MAIN), NU_Numero: MAIN, DE_Numero: 'Central SP', SN_Principal: 1, SN_Entrada: 1 },
            { ID_Numero: await numberId(INSS), NU_Numero: INSS, DE_Numero: 'Campanhas INSS', SN_Principal: 0, SN_Entrada: 1 },
          ],
        },
      });
    }
  });

  it('answers 401 without a token and 403 to attendants', async () => {
    expect(await call('GET', '/cadastro/numeros', null)).toEqual({ status: 401, body: { success: false, text: TEXT.unauthorized } });
    expect(await call('GET', '/cadastro/numeros', ATT)).toEqual({ status: 403, body: { success: false, text: TEXT.forbidden } });
  });
});

describe('PUT /cadastro/campanha/{id}/numero', () => {
  it('answers 401 without a token and 403 to attendants, changing nothing', async () => {
    const campaign = await idOf('CMP-0002');
    const inss = await numberId(INSS);
    expect(await setNumber(campaign, inss, null)).toEqual({ status: 401, body: { success: false, text: TEXT.unauthorized } });
    expect(await setNumber(campaign, inss, ATT)).toEqual({ status: 403, body: { success: false, text: TEXT.forbidden } });
    expect(await stored(campaign)).toBeNull();
  });

  it("answers 404 'Campanha não encontrada.' for another company's campaign, or none, and leaves it alone", async () => {
    const foreign = await idOf('CMP-0001', 2);
    for (const email of [SUP, GER]) {
      expect(await setNumber(foreign, await numberId(INSS), email)).toEqual({
        status: 404,
        body: { success: false, text: 'Campanha não encontrada.' },
      });
      expect(await setNumber(foreign, null, email)).toEqual({ status: 404, body: { success: false, text: 'Campanha não encontrada.' } });
    }
    expect((await setNumber(999999, null)).body).toEqual({ success: false, text: 'Campanha não encontrada.' });
    expect(await stored(foreign)).toBeNull();
  });

  it("refuses another company's number, an unknown one and anything but an id or null with 400", async () => {
    const campaign = await idOf('CMP-0002');
    expect(await setNumber(campaign, await numberId(OTHER_COMPANY_NUMBER))).toEqual({ status: 400, body: REFUSED_NUMBER });
    expect(await setNumber(campaign, 999999, GER)).toEqual({ status: 400, body: REFUSED_NUMBER });
    for (const value of ['1', 0, -1, 1.5, [1], undefined]) {
      expect({ value, answer: (await setNumber(campaign, value)).body }).toEqual({ value, answer: REFUSED_NUMBER });
    }
    expect(await stored(campaign)).toBeNull();
  });

  it('sets and clears the number, and the list shows it', async () => {
    const campaign = await idOf('CMP-0002');
    const inss = await numberId(INSS);
    expect(await listed(campaign)).toMatchObject({ CO_Campanha: 'CMP-0002', ID_NumeroSaida: null });

    expect(await setNumber(campaign, inss)).toEqual({
      status: 200,
      body: { success: true, text: SAVED, data: { CampanhaID: campaign, ID_NumeroSaida: inss } },
    });
    expect(await stored(campaign)).toBe(inss);
    expect(await listed(campaign)).toMatchObject({ ID_NumeroSaida: inss });
    // Every role of the company reads the list, with the number.
    expect(await listed(campaign, ATT)).toMatchObject({ ID_NumeroSaida: inss });

    expect(await setNumber(campaign, null, GER)).toEqual({
      status: 200,
      body: { success: true, text: SAVED, data: { CampanhaID: campaign, ID_NumeroSaida: null } },
    });
    expect(await listed(campaign)).toMatchObject({ ID_NumeroSaida: null });
  });

  it('duplicating a campaign copies its caller number', async () => {
    const original = await idOf('CMP-0001');
    const inss = await numberId(INSS);
    expect(await stored(original)).toBe(inss);
    const copy = (await call('POST', '/cadastro/campanha/duplicar', SUP, { CampanhaID: original })).body.data.CampanhaID;
    expect(await listed(copy)).toMatchObject({ DE_Campanha: 'INSS Aposentados SP (cópia)', ID_NumeroSaida: inss });

    const plain = await idOf('CMP-0004');
    const plainCopy = (await call('POST', '/cadastro/campanha/duplicar', SUP, { CampanhaID: plain })).body.data.CampanhaID;
    expect(await listed(plainCopy)).toMatchObject({ ID_NumeroSaida: null });
  });
});

describe("what the client sees: the caller number of an attendant's call", () => {
  async function kamailioPlacesCall(destino: string) {
    const response = await fetch(`${demo.app.url}/telefonia/sip/saida`, {
      method: 'POST',
      headers: { authorization: `Bearer ${demo.app.config.sip.apiSecret}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ chamada: `numero-${Math.random()}@campaignCallerNumber.test`, ramal: '1001', destino }).toString(),
    });
    expect(response.status).toBe(200);
    return Object.fromEntries((await response.text()).split(';').map((pair) => pair.split('=')));
  }

  it("follows the campaign's number as the supervisor sets it: the chosen one, else the company's main one", async () => {
    const campaign = await idOf(DEMO_QUEUE.campaignCode);
    // The attendant takes the next client of the running campaign, and calls its first phone.
    const { body } = await call('GET', '/crm/cliente/proximo', ATT);
    expect(body.data.cliente.ID_Campanha).toBe(campaign);
    const clientId = body.data.cliente.ClienteID;
    const [{ phone }] = await demo.app.db.query<{ phone: string }>(
      'select co_ddd || co_telefone as phone from telefone where id_cliente = $1 order by id_telefone limit 1',
      [clientId],
    );

    expect(await kamailioPlacesCall(`0${phone}`)).toMatchObject({ decisao: 'permitir', tipo: 'saida', identificador: INSS });

    expect((await setNumber(campaign, null)).status).toBe(200);
    expect(await kamailioPlacesCall(`0${phone}`)).toMatchObject({ decisao: 'permitir', tipo: 'saida', identificador: MAIN });

    expect((await setNumber(campaign, await numberId(INSS), GER)).status).toBe(200);
    expect(await kamailioPlacesCall(`0${phone}`)).toMatchObject({ decisao: 'permitir', tipo: 'saida', identificador: INSS });
  });
});
