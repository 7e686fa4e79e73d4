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
      expect({ DE_Telefone, answer }).toEqual({
        DE_Telefone,
        answer: { status: 400, body: { success: false, text: `DE_Telefone: ${text}` } },
      });
    }
    for (const ClienteID of [undefined, '1', 1.5, 0, -3]) {
      const answer = await addPhone('atendente@demo.com.br', { DE_Telefone: '11912345678', ClienteID });
      expect({ ClienteID, answer }).toEqual({
        ClienteID,
        answer: { status: 400, body: { success: false, text: 'ClienteID: Cliente inválido.' } },
      });
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

describe('PUT /crm/cliente/{ClienteID} (Salvar)', () => {
  const ATTENDANT = 'atendente@demo.com.br';
  const put = (id: number, body: unknown, email: string | null = ATTENDANT) =>
    demo.app.call('PUT', `/crm/cliente/${id}`, { token: email ? tokens[email] : undefined, body });
  const recordOf = async (id: number, email = ATTENDANT) => (await get(`/crm/cliente/basicoPorID/${id}`, email)).body.data.cliente;
  const MARIA = DEMO_CLIENTS.find((c) => c.name === 'Maria Aparecida Santos')!;
  const PAULO = DEMO_CLIENTS.find((c) => c.name === 'Paulo Roberto Alves')!; // FGTS and CCP

  it('answers 401 without a token and saves nothing', async () => {
    const id = await clientId(JOSE);
    const before = await recordOf(id);
    expect(await put(id, { ...before, DE_Endereco: 'Rua Sem Sessão' }, null)).toEqual({
      status: 401,
      body: { success: false, text: 'Sessão expirada ou inválida. Entre novamente.' },
    });
    expect(await recordOf(id)).toEqual(before);
  });

  it('saves the whole form for every role of the company (no role is refused: all of them work clients) and answers the saved record', async () => {
    const id = await clientId(MARIA);
    const before = await recordOf(id);
    for (const [email, street] of [
      [ATTENDANT, 'Rua do Atendente'],
      ['supervisor@demo.com.br', 'Rua do Supervisor'],
      ['gerente@demo.com.br', 'Rua do Gerente'],
    ]) {
      const changes = {
        DE_Endereco: street,
        DE_Nascimento: '25-07-1958',
        CO_Cep: '01310-100',
        DE_Complemento: 'Casa 2',
        CO_CNPJ: '12.abc.345/01de-35',
      };
      const { status, body } = await put(id, { ...before, ...changes }, email);
      expect(status).toBe(200);
      expect(body).toEqual({ success: true, text: 'Cadastro salvo.', data: { cliente: expect.any(Object) } });
      const saved = {
        ...before,
        DE_Endereco: street,
        DE_Nascimento: '25/07/1958',
        CO_Cep: '01310100',
        DE_Complemento: 'Casa 2',
        CO_CNPJ: '12ABC34501DE35',
      };
      expect(body.data.cliente).toEqual(saved);
      expect(await recordOf(id)).toEqual(saved);
    }
  });

  it("answers 404 for another company's client and an unknown one, saving nothing", async () => {
    const osvaldo = await clientId(OSVALDO);
    const record = await recordOf(osvaldo, 'atendente@outra.com.br');
    expect(await put(osvaldo, { ...record, DE_Endereco: 'Rua Invasora' })).toEqual(NOT_FOUND);
    expect(await put(2147483647, { ...record, ClienteID: 2147483647, DE_Endereco: 'Rua Invasora' })).toEqual(NOT_FOUND);
    expect(await recordOf(osvaldo, 'atendente@outra.com.br')).toEqual(record);
    // Company 2 saves its own client.
    expect((await put(osvaldo, { ...record, DE_Complemento: 'Fundos' }, 'atendente@outra.com.br')).status).toBe(200);
  });

  it('answers each full-mode rule with 400 naming the field, and saves nothing of that request', async () => {
    const id = await clientId(JOSE);
    const before = await recordOf(id);
    const cases: [object, string][] = [
      [{ EM_Email: 'jose@' }, 'EM_Email: Email inválido.'],
      [{ EM_Email: '' }, 'EM_Email: Este campo é obrigatório.'],
      [{ DE_Pessoa: 'José 2' }, 'DE_Pessoa: Números não são permitidos.'],
      [{ DE_Pessoa: '' }, 'DE_Pessoa: Este campo é obrigatório.'],
      [{ DE_Telefone: '1198765' }, 'DE_Telefone: Deve conter 11 dígitos.'],
      [{ DE_Nascimento: '31/02/1954' }, 'DE_Nascimento: Data inválida ou mal formatado.'],
      [{ CO_Cep: '0100-1000' }, 'CO_Cep: CEP inválido ou mal formatado.'],
      [{ DE_Cidade: '' }, 'DE_Cidade: Este campo é obrigatório.'],
      [{ SG_Estado: 'XX' }, 'SG_Estado: UF inválida.'],
      [{ CO_CNPJ: '12.ABC.345/01DE-36' }, 'CO_CNPJ: CNPJ inválido.'],
      [{ CO_Banco: 999 }, 'CO_Banco: Código inexistente.'],
      [{ ClienteID: id + 1 }, 'ClienteID: O cadastro enviado é de outro cliente.'],
    ];
    for (const [changes, text] of cases) {
      expect(await put(id, { ...before, DE_Endereco: 'Rua Recusada', ...changes })).toEqual({
        status: 400,
        body: { success: false, text },
      });
    }
    expect(await recordOf(id)).toEqual(before);
    expect(await put(id, { ...before, DE_Telefone: undefined })).toEqual({
      status: 400,
      body: { success: false, text: 'DE_Telefone: Este campo é obrigatório.' },
    });
  });

  it('keeps the private payroll card on the salary saved: 35% of the available remuneration less other consigned loans', async () => {
    const id = await clientId(PAULO);
    const before = await recordOf(id);
    const ccp = async () =>
      ((await get(`/crm/cliente/operacoes/${id}`, ATTENDANT)).body.data as { ID_TipoCredito: number }[]).find(
        (card) => card.ID_TipoCredito === 5,
      );
    // Net salary typed: it is the available remuneration; R$ 200,00 of another bank's installment comes off.
    await put(id, { ...before, VL_SalarioBruto: '5000.00', VL_SalarioLiquido: '4000.01', VL_DescontoOutroBanco: '200.00' });
    expect(await ccp()).toMatchObject({ VL_BaseCalculo: '4000.01', VL_Margem: '1200.00' });
    // No net salary: the gross less the mandatory discounts.
    await put(id, {
      ...before,
      VL_SalarioBruto: '5000.00',
      VL_SalarioLiquido: null,
      VL_DescontoObrigatorio: '1000.00',
      VL_DescontoOutroBanco: null,
    });
    expect(await ccp()).toMatchObject({ VL_BaseCalculo: '4000.00', VL_Margem: '1400.00' });
    // No salary at all: nothing can be lent, and the card says what is missing.
    await put(id, { ...before, VL_SalarioBruto: null, VL_SalarioLiquido: null });
    expect(await ccp()).toMatchObject({
      VL_BaseCalculo: '0.00',
      VL_Margem: '0.00',
      DE_Mensagem: 'Informe o salário do cliente (bruto ou líquido) para calcular a margem de 35% do Crédito do Trabalhador.',
    });
  });
});
