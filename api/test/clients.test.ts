import { DEMO_CLIENTS } from '../src/db/demoData';
import { useSignedInDemoApp, demoClientId } from './harness';

const demo = useSignedInDemoApp();
const { get, tokens } = demo;
const addPhone = (email: string, body: unknown) => demo.app.call('POST', '/cadastro/telefone', { token: tokens[email], body });

const JOSE = DEMO_CLIENTS.find((c) => c.name === 'José Carlos Pereira')!;
const OSVALDO = DEMO_CLIENTS.find((c) => c.name === 'Osvaldo Pires Campos')!;
const NOT_FOUND = { status: 404, body: { success: false, text: 'Cliente não encontrado.' } };

/** The demo client's id, found by its CPF within its company. */
const clientId = (client: (typeof DEMO_CLIENTS)[number]) => demoClientId(demo.app.db, client);
const phoneCount = async () => (await demo.app.db.query<{ n: number }>('select count(*)::int as n from telefone'))[0].n;

describe('client phones need a session', () => {
  it('answers 401 without a token on both routes', async () => {
    const id = await clientId(JOSE);
    const unauthorized = { success: false, text: 'Sessão expirada ou inválida. Entre novamente.' };
    expect(await demo.app.call('GET', `/crm/cliente/telefones/${id}`)).toEqual({ status: 401, body: unauthorized });
    expect(await demo.app.call('POST', '/cadastro/telefone', { body: { DE_Telefone: '11912345678', ClienteID: id } })).toEqual({
      status: 401,
      body: unauthorized,
    });
  });
});

describe('GET /crm/cliente/telefones/{ClienteID}', () => {
  it("lists a client's phones in the order they were added, to every role of the company", async () => {
    expect(JOSE.phones).toEqual(['11987654321', '1132654321']);
    const id = await clientId(JOSE);
    const expected = JOSE.phones.map((phone) => ({
      TelefoneID: expect.any(Number),
      DE_Telefone: phone,
      CO_DDD: phone.slice(0, 2),
      CO_Telefone: phone.slice(2),
    }));
    for (const email of ['atendente@demo.com.br', 'supervisor@demo.com.br', 'gerente@demo.com.br']) {
      const { status, body } = await get(`/crm/cliente/telefones/${id}`, email);
      expect(status).toBe(200);
      expect(body).toEqual({ success: true, text: expect.any(String), data: expected });
      expect(body.data[0].TelefoneID).toBeLessThan(body.data[1].TelefoneID);
    }
  });

  it("answers 404 for another company's client and for an unknown one, never their phones", async () => {
    const other = await clientId(OSVALDO);
    const { body } = await get(`/crm/cliente/telefones/${other}`, 'atendente@demo.com.br');
    expect(body).toEqual(NOT_FOUND.body);
    expect(await get(`/crm/cliente/telefones/${other}`, 'gerente@demo.com.br')).toEqual(NOT_FOUND);
    expect(await get('/crm/cliente/telefones/2147483647', 'atendente@demo.com.br')).toEqual(NOT_FOUND);
    // The owner company does see them.
    expect((await get(`/crm/cliente/telefones/${other}`, 'atendente@outra.com.br')).body.data).toEqual([
      expect.objectContaining({ DE_Telefone: OSVALDO.phones[0] }),
    ]);
  });

  it('refuses an id that is not a plain digit string with 400', async () => {
    for (const id of ['abc', '1e3', '-1', '0x2a', '01', '2147483648']) {
      const { status, body } = await get(`/crm/cliente/telefones/${id}`, 'atendente@demo.com.br');
      expect({ id, status, body }).toEqual({ id, status: 400, body: { success: false, text: 'ClienteID: Identificador inválido.' } });
    }
  });
});

describe('POST /cadastro/telefone', () => {
  it('adds an 11-digit mobile number that the list then shows last, for any role', async () => {
    const id = await clientId(DEMO_CLIENTS.find((c) => c.name === 'Maria Aparecida Santos')!);
    expect(await addPhone('atendente@demo.com.br', { DE_Telefone: '21912345678', ClienteID: id })).toEqual({
      status: 200,
      body: { success: true, text: 'Telefone cadastrado.' },
    });
    expect((await addPhone('supervisor@demo.com.br', { DE_Telefone: '21923456789', ClienteID: id })).status).toBe(200);
    const { body } = await get(`/crm/cliente/telefones/${id}`, 'gerente@demo.com.br');
    expect(body.data.slice(-2)).toEqual([
      { TelefoneID: expect.any(Number), DE_Telefone: '21912345678', CO_DDD: '21', CO_Telefone: '912345678' },
      { TelefoneID: expect.any(Number), DE_Telefone: '21923456789', CO_DDD: '21', CO_Telefone: '923456789' },
    ]);
  });

  it('answers each rule of the phone dialog with its text, first failing rule first, writing nothing', async () => {
    const id = await clientId(JOSE);
    const before = await phoneCount();
    const cases: [unknown, string][] = [
      [undefined, 'Campo obrigatório.'],
      [null, 'Campo obrigatório.'],
      ['', 'Campo obrigatório.'],
      ['(11) 98765-4321', 'Apenas números.'],
      ['abc', 'Apenas números.'],
      [' 11987654321', 'Apenas números.'],
      ['1198765432', 'Deve conter 11 dígitos.'],
      ['119876543210', 'Deve conter 11 dígitos.'],
      ['9'.repeat(5000), 'Deve conter 11 dígitos.'],
    ];
    for (const [DE_Telefone, text] of cases) {
      const answer = await addPhone('atendente@demo.com.br', { DE_Telefone, ClienteID: id });
      expect({ DE_Telefone, answer }).toEqual({ DE_Telefone, answer: { status: 400, body: { success: false, text: `DE_Telefone: ${text}` } } });
    }
    for (const ClienteID of [undefined, '1', 1.5, 0, -3]) {
      const answer = await addPhone('atendente@demo.com.br', { DE_Telefone: '11912345678', ClienteID });
      expect({ ClienteID, answer }).toEqual({ ClienteID, answer: { status: 400, body: { success: false, text: 'ClienteID: Cliente inválido.' } } });
    }
    expect(await phoneCount()).toBe(before);
  });

  it('answers 409 to a number the client already has, and keeps one copy', async () => {
    const id = await clientId(JOSE);
    const before = await phoneCount();
    expect(await addPhone('atendente@demo.com.br', { DE_Telefone: JOSE.phones[0], ClienteID: id })).toEqual({
      status: 409,
      body: { success: false, text: 'Este telefone já está cadastrado para o cliente.' },
    });
    // Two simultaneous requests for a new number: one adds it, the other is told it exists.
    const body = { DE_Telefone: '11955554444', ClienteID: id };
    const answers = await Promise.all([addPhone('atendente@demo.com.br', body), addPhone('supervisor@demo.com.br', body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await phoneCount()).toBe(before + 1);
  });

  it('lets another client have the same number', async () => {
    const id = await clientId(DEMO_CLIENTS.find((c) => c.name === 'Antônio Ferreira Lima')!);
    expect((await addPhone('atendente@demo.com.br', { DE_Telefone: JOSE.phones[0], ClienteID: id })).status).toBe(200);
  });

  it("answers 404 for another company's client or an unknown one, writing nothing", async () => {
    const before = await phoneCount();
    const other = await clientId(OSVALDO);
    for (const ClienteID of [other, 2147483647]) {
      expect(await addPhone('atendente@demo.com.br', { DE_Telefone: '48912345678', ClienteID })).toEqual(NOT_FOUND);
    }
    expect(await addPhone('gerente@demo.com.br', { DE_Telefone: '48912345678', ClienteID: other })).toEqual(NOT_FOUND);
    expect(await phoneCount()).toBe(before);
  });
});
