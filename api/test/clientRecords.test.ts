import { makeCpf } from '@consig/shared/format';
import { DEMO_CLIENTS, demoRegistration } from '../src/db/demoData';
import { demoProspects } from '../src/db/prospects';
import { useSignedInDemoApp } from './harness';

const demo = useSignedInDemoApp();
const { get } = demo;

const ATTENDANT = 'atendente@demo.com.br';
const JOSE = DEMO_CLIENTS.find((c) => c.name === 'José Carlos Pereira')!;
const OSVALDO = DEMO_CLIENTS.find((c) => c.name === 'Osvaldo Pires Campos')!;
const NOT_FOUND = { status: 404, body: { success: false, text: 'Cliente não encontrado.' } };
const demoCpfs = new Set(DEMO_CLIENTS.map((c) => makeCpf(c.cpfBase)));

const clientId = async (client: (typeof DEMO_CLIENTS)[number]) =>
  (
    await demo.app.db.query<{ id: number }>('select id_cliente as id from cliente where id_empresa = $1 and co_cpf = $2', [
      client.company,
      makeCpf(client.cpfBase),
    ])
  )[0].id;
const clientsWithCpf = async (cpf: string) =>
  demo.app.db.query<{ company: number; name: string }>(
    'select id_empresa as company, de_pessoa as name from cliente where co_cpf = $1 order by id_empresa',
    [cpf],
  );

describe('client records need a session', () => {
  it('answers 401 without a token on both routes', async () => {
    const unauthorized = { status: 401, body: { success: false, text: 'Sessão expirada ou inválida. Entre novamente.' } };
    expect(await demo.app.call('GET', `/crm/cliente/basicoPorID/${await clientId(JOSE)}`)).toEqual(unauthorized);
    expect(await demo.app.call('GET', `/crm/cliente/basico/${makeCpf(JOSE.cpfBase)}`)).toEqual(unauthorized);
  });
});

describe('GET /crm/cliente/basicoPorID/{ClienteID}', () => {
  it("answers the company's client with its registration, dates dd/mm/yyyy and money as decimal text", async () => {
    const r = demoRegistration(JOSE);
    const { status, body } = await get(`/crm/cliente/basicoPorID/${await clientId(JOSE)}`, ATTENDANT);
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, text: expect.any(String), data: { cliente: expect.any(Object) } });
    expect(body.data.cliente).toEqual({
      ClienteID: await clientId(JOSE),
      DE_Pessoa: 'José Carlos Pereira',
      CO_CPF: '11144477735',
      DE_CPF: '111.444.777-35',
      DE_Nascimento: '12/03/1954',
      DE_Mae: 'Maria Pereira',
      DE_Sexo: 'M',
      EM_Email: 'cliente1@exemplo.com.br',
      DE_Telefone: '11987654321',
      CO_Identidade: r.identity,
      DE_DataExpedicao: '',
      CO_OrgaoEmissor: 'SSP',
      SG_UFEmissao: 'SP',
      DE_Naturalidade: '',
      DT_Admissao: '',
      CO_CNPJ: '',
      VL_SalarioBruto: '3200.00',
      VL_SalarioLiquido: null,
      CO_Cep: '01310100',
      DE_Endereco: 'Avenida Paulista',
      DE_Numero: r.number,
      DE_Complemento: '',
      DE_Bairro: 'Bela Vista',
      DE_Cidade: 'São Paulo',
      SG_Estado: 'SP',
      DE_NomeReferencia: '',
      DE_TelefoneReferencia: '',
      Meio_Pagamento: 1,
      ID_TipoBeneficio: null,
      CO_MatriculaBeneficio: '',
      CO_Matricula: '1111444777',
      SN_Bloqueio: 0,
      DT_DIB: '12/03/2016',
      DT_DDB: '11/04/2016',
      ID_Especie: 41,
      SN_RepresentanteLegal: 0,
      VL_DescontoOutroBanco: null,
      VL_DescontoObrigatorio: null,
      VL_DescontoVoluntario: null,
      ID_Orgao: 4,
      CO_Banco: r.bank,
      CO_Agencia: r.branch,
      CO_AgenciaDV: '',
      CO_ContaCorrente: r.account,
      CO_ContaCorrenteDV: r.accountDigit,
      ID_TipoConta: 1,
      DE_Campanha: null, // nobody holds José in a campaign queue
    });
  });

  it("answers 404 for another company's client and for an unknown id", async () => {
    expect(await get(`/crm/cliente/basicoPorID/${await clientId(OSVALDO)}`, ATTENDANT)).toEqual(NOT_FOUND);
    expect(await get('/crm/cliente/basicoPorID/2147483647', ATTENDANT)).toEqual(NOT_FOUND);
    const own = await get(`/crm/cliente/basicoPorID/${await clientId(OSVALDO)}`, 'atendente@outra.com.br');
    expect(own.body.data.cliente.DE_Pessoa).toBe('Osvaldo Pires Campos');
  });

  it('refuses an id that is not a plain digit string with 400', async () => {
    for (const id of ['abc', '-1', '01', '2147483648']) {
      expect(await get(`/crm/cliente/basicoPorID/${id}`, ATTENDANT)).toEqual({
        status: 400,
        body: { success: false, text: 'ClienteID: Identificador inválido.' },
      });
    }
  });
});

describe('GET /crm/cliente/basico/{cpf}', () => {
  it("answers the company's existing client with that CPF, creating nothing", async () => {
    const before = await clientsWithCpf(makeCpf(JOSE.cpfBase));
    const { status, body } = await get(`/crm/cliente/basico/${makeCpf(JOSE.cpfBase)}`, ATTENDANT);
    expect(status).toBe(200);
    expect(body.data.cliente).toMatchObject({ ClienteID: await clientId(JOSE), DE_Pessoa: 'José Carlos Pereira' });
    expect(await clientsWithCpf(makeCpf(JOSE.cpfBase))).toEqual(before);
  });

  it('refuses a CPF with wrong check digits, punctuation or the wrong length with 400', async () => {
    for (const cpf of ['11144477736', '111.444.777-35', '1114447773', '111444777350', '11111111111', 'abcdefghijk']) {
      expect({ cpf, ...(await get(`/crm/cliente/basico/${encodeURIComponent(cpf)}`, ATTENDANT)) }).toEqual({
        cpf,
        status: 400,
        body: { success: false, text: 'cpf: CPF inválido.' },
      });
    }
  });

  it("creates a new client in the caller's company for another company's CPF, never showing that company's data", async () => {
    const cpf = makeCpf(OSVALDO.cpfBase);
    const { status, body } = await get(`/crm/cliente/basico/${cpf}`, ATTENDANT);
    expect(status).toBe(200);
    expect(body.data.cliente.ClienteID).not.toBe(await clientId(OSVALDO));
    expect(body.data.cliente).toMatchObject({ CO_CPF: cpf, DE_Pessoa: '', DE_Mae: '', DE_Telefone: '', ID_Orgao: null });
    expect(await clientsWithCpf(cpf)).toEqual([
      { company: 1, name: '' },
      { company: 2, name: 'Osvaldo Pires Campos' },
    ]);
    // The new client is the caller's: readable by id in company 1, not in company 2.
    expect((await get(`/crm/cliente/basicoPorID/${body.data.cliente.ClienteID}`, ATTENDANT)).status).toBe(200);
    expect(await get(`/crm/cliente/basicoPorID/${body.data.cliente.ClienteID}`, 'atendente@outra.com.br')).toEqual(NOT_FOUND);
  });

  it('prefills a new client from the prospect base, phones included', async () => {
    const prospect = demoProspects().find((p) => p.agency === 4 && p.phones.length === 2 && !demoCpfs.has(p.cpf))!;
    const [year, month, day] = prospect.birth.split('-');
    const { status, body } = await get(`/crm/cliente/basico/${prospect.cpf}`, 'supervisor@demo.com.br');
    expect(status).toBe(200);
    expect(body.data.cliente).toMatchObject({
      CO_CPF: prospect.cpf,
      DE_Pessoa: prospect.name,
      DE_Nascimento: `${day}/${month}/${year}`,
      DE_Sexo: prospect.sex,
      DE_Mae: prospect.mother,
      ID_Orgao: 4,
      ID_Especie: prospect.species,
      CO_Matricula: prospect.benefitNumber,
      VL_SalarioBruto: prospect.income,
      SG_Estado: prospect.state,
      DE_Telefone: prospect.phones[0],
    });
    const phones = await get(`/crm/cliente/telefones/${body.data.cliente.ClienteID}`, 'supervisor@demo.com.br');
    expect(phones.body.data.map((p: { DE_Telefone: string }) => p.DE_Telefone)).toEqual(prospect.phones);
    // Looking it up again answers the same client.
    const again = await get(`/crm/cliente/basico/${prospect.cpf}`, ATTENDANT);
    expect(again.body.data.cliente.ClienteID).toBe(body.data.cliente.ClienteID);
  });

  it('creates an empty client for a valid CPF outside the prospect base', async () => {
    const known = new Set([...demoCpfs, ...demoProspects().map((p) => p.cpf)]);
    const cpf = ['000000191', '987654321', '135792468'].map(makeCpf).find((c) => !known.has(c))!;
    const { status, body } = await get(`/crm/cliente/basico/${cpf}`, ATTENDANT);
    expect(status).toBe(200);
    expect(body.data.cliente).toMatchObject({
      ClienteID: expect.any(Number),
      CO_CPF: cpf,
      DE_Pessoa: '',
      DE_Nascimento: '',
      DE_Telefone: '',
      VL_SalarioBruto: null,
      SN_Bloqueio: 0,
    });
    expect(await clientsWithCpf(cpf)).toEqual([{ company: 1, name: '' }]);
  });

  it('creates one client when the same new CPF is looked up twice at once', async () => {
    const prospect = demoProspects().filter((p) => !demoCpfs.has(p.cpf))[10];
    const answers = await Promise.all([
      get(`/crm/cliente/basico/${prospect.cpf}`, ATTENDANT),
      get(`/crm/cliente/basico/${prospect.cpf}`, 'atendente2@demo.com.br'),
      get(`/crm/cliente/basico/${prospect.cpf}`, 'gerente@demo.com.br'),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.data.cliente.ClienteID)).size).toBe(1);
    expect(await clientsWithCpf(prospect.cpf)).toEqual([{ company: 1, name: prospect.name }]);
    const phones = await get(`/crm/cliente/telefones/${answers[0].body.data.cliente.ClienteID}`, ATTENDANT);
    expect(phones.body.data).toHaveLength(prospect.phones.length);
  });
});
