import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { formatCents, toCents } from '@consig/shared/credit';
import { makeCpf } from '@consig/shared/format';
import { DEMO_CLIENTS } from '../src/db/demoData';
import { useSignedInDemoApp, demoClientId } from './harness';

const demo = useSignedInDemoApp();
const { get, tokens } = demo;
const ATTENDANT = 'atendente@demo.com.br';
const send = (body: unknown, email = ATTENDANT) => demo.app.call('POST', '/crm/simulacao/enviar', { token: tokens[email], body });

const JOSE = DEMO_CLIENTS.find((c) => c.name === 'José Carlos Pereira')!; // INSS at Banco BMG (318), company 1
const OSVALDO = DEMO_CLIENTS.find((c) => c.name === 'Osvaldo Pires Campos')!; // company 2
const INSS = 1;

const clientId = (client: (typeof DEMO_CLIENTS)[number]) => demoClientId(demo.app.db, client);

/** The body the screen sends: the client (CO_CPF without punctuation) and its operation cards, INSS selected. */
async function screenOf(client: (typeof DEMO_CLIENTS)[number], email = client.company === 1 ? ATTENDANT : 'atendente@outra.com.br') {
  const id = await clientId(client);
  const cliente = (await get(`/crm/cliente/basicoPorID/${id}`, email)).body.data.cliente;
  const cards: { ID_TipoCredito: number }[] = (await get(`/crm/cliente/operacoes/${id}`, email)).body.data;
  const inss = {
    ...cards.find((c) => c.ID_TipoCredito === INSS)!,
    SN_Selecionado: true,
    CO_Agencia: '1234',
    CO_ContaCorrente: '56789',
    CO_ContaCorrenteDV: '0',
  };
  return { id, cliente, inss };
}

const simulationCount = async () => Number((await demo.app.db.query<{ n: string }>('select count(*)::text as n from simulacao'))[0].n);
const history = async (id: number, email = ATTENDANT) => (await get(`/crm/simulacao/${id}`, email)).body;

/** Decodes a message body in quoted-printable (how nodemailer writes non-ASCII text) and RFC 2047 subjects. */
function decodeMessage(raw: string): { headers: string; text: string } {
  const [headers, ...rest] = raw.split('\r\n\r\n');
  const qp = (value: string) =>
    Buffer.from(
      value.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  const words = headers
    .replace(/\r\n\s+/g, ' ')
    // Whitespace between two encoded words is not part of the text (RFC 2047).
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_m, text: string) => qp(text.replace(/_/g, ' ')))
    .replace(/=\?UTF-8\?B\?(.*?)\?=/gi, (_m, text: string) => Buffer.from(text, 'base64').toString('utf8'));
  return { headers: words, text: qp(rest.join('\r\n\r\n')) };
}

describe('POST /crm/simulacao/enviar refusals', () => {
  it('answers 401 without a token', async () => {
    const { cliente, inss } = await screenOf(JOSE);
    const unauthorized = { status: 401, body: { success: false, text: 'Sessão expirada ou inválida. Entre novamente.' } };
    expect(await demo.app.call('POST', '/crm/simulacao/enviar', { body: { cliente, contratar: [inss] } })).toEqual(unauthorized);
    expect(await demo.app.call('GET', `/crm/simulacao/${await clientId(JOSE)}`)).toEqual(unauthorized);
  });

  it('answers 403 to a company other than 1, and writes nothing', async () => {
    const before = await simulationCount();
    const { cliente, inss } = await screenOf(OSVALDO);
    expect(await send({ cliente, contratar: [inss] }, 'atendente@outra.com.br')).toEqual({
      status: 403,
      body: { success: false, text: 'O envio de simulação está disponível apenas para a empresa 1.' },
    });
    expect(await simulationCount()).toBe(before);
  });

  it("asks for a credit suggestion when no operation is selected ('Selecione uma sugestão de crédito.')", async () => {
    const { cliente, inss } = await screenOf(JOSE);
    expect(await send({ cliente, contratar: [{ ...inss, SN_Selecionado: false }] })).toEqual({
      status: 200,
      body: { success: false, text: 'Selecione uma sugestão de crédito.' },
    });
  });

  it('checks the client in simulator mode: address and e-mail optional, sex M or F', async () => {
    const { cliente, inss } = await screenOf(JOSE);
    const cases: [object, string][] = [
      [{ DE_Sexo: 'X' }, 'cliente.DE_Sexo: Sigla M ou F'],
      [{ DE_Sexo: 'MF' }, 'cliente.DE_Sexo: Apenas uma letra.'],
      [{ CO_Cep: '123' }, 'cliente.CO_Cep: CEP inválido ou mal formatado.'],
      [{ CO_Agencia: '12a' }, 'cliente.CO_Agencia: Apenas números.'],
      [{ EM_Email: 'a@' }, 'cliente.EM_Email: Email inválido.'],
    ];
    for (const [changes, text] of cases) {
      expect(await send({ cliente: { ...cliente, ...changes }, contratar: [inss] })).toEqual({
        status: 400,
        body: { success: false, text },
      });
    }
    const noAddress = { CO_Cep: '', DE_Endereco: '', DE_Bairro: '', DE_Cidade: '', SG_Estado: '', EM_Email: '' };
    const { body } = await send({ cliente: { ...cliente, ...noAddress }, contratar: [inss] });
    expect(body).toEqual({
      success: true,
      text: 'Simulação registrada. O e-mail não foi enviado: o cliente não tem e-mail cadastrado.',
      data: { ID_Simulacao: expect.any(Number), TP_Envio: 'sem_email' },
    });
  });

  it('refuses an installment above the margin with the rule and records nothing', async () => {
    const before = await simulationCount();
    const { cliente, inss } = await screenOf(JOSE);
    expect((await send({ cliente, contratar: [{ ...inss, VL_Parcela: '1120.01' }] })).body).toEqual({
      success: false,
      text: 'A parcela de R$ 1.120,01 excede a margem disponível de R$ 1.120,00.',
    });
    expect(await simulationCount()).toBe(before);
  });

  it("answers 404 for another company's client or operation", async () => {
    const jose = await screenOf(JOSE);
    const osvaldo = await screenOf(OSVALDO);
    const notFound = (text: string) => ({ status: 404, body: { success: false, text } });
    expect(await send({ cliente: osvaldo.cliente, contratar: [osvaldo.inss] })).toEqual(notFound('Cliente não encontrado.'));
    expect(await send({ cliente: jose.cliente, contratar: [osvaldo.inss] })).toEqual(notFound('Operação não encontrada.'));
    expect(await get(`/crm/simulacao/${osvaldo.id}`, ATTENDANT)).toEqual(notFound('Cliente não encontrado.'));
  });
});

describe('POST /crm/simulacao/enviar recording and e-mail', () => {
  afterEach(() => {
    demo.app.app.config.mail = undefined;
  });

  it('without SMTP records the simulation, says it was not e-mailed, and lists it in the history', async () => {
    const { id, cliente, inss } = await screenOf(JOSE);
    const { body } = await send({ cliente: { ...cliente, CO_CPF: cliente.CO_CPF }, contratar: [{ ...inss, VL_Parcela: '900.00' }] });
    expect(body).toEqual({
      success: true,
      text: 'Simulação registrada. O e-mail não foi enviado: o envio de e-mails não está configurado.',
      data: { ID_Simulacao: expect.any(Number), TP_Envio: 'nao_configurado' },
    });
    const { data } = await history(id);
    expect(data[0]).toMatchObject({
      ID_Simulacao: body.data.ID_Simulacao,
      TP_Envio: 'nao_configurado',
      EM_Destino: cliente.EM_Email,
      DE_Atendente: 'Ana Paula Souza',
      operacoes: [
        { ID_TipoCredito: INSS, CO_Banco: '318', NU_Parcelas: 84, VL_Parcela: '900.00', VL_Taxa: '1.66', DT_Validade: expect.any(String) },
      ],
    });
  });

  it('e-mails the client a Portuguese summary with the offer figures through SMTP', async () => {
    const received: { to: string[]; raw: string }[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, done) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('latin1') });
          done();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.server.address() as AddressInfo).port;
      demo.app.app.config.mail = { url: `smtp://127.0.0.1:${port}`, from: 'Consig CRM <crm@demo.com.br>' };
      const { id, cliente, inss } = await screenOf(JOSE);
      const { body } = await send({
        cliente: { ...cliente, EM_Email: 'jose.cliente@exemplo.com.br' },
        contratar: [{ ...inss, VL_Parcela: '800.00' }],
      });
      expect(body).toEqual({
        success: true,
        text: 'Simulação registrada e enviada para jose.cliente@exemplo.com.br.',
        data: { ID_Simulacao: expect.any(Number), TP_Envio: 'enviado' },
      });
      expect(received).toHaveLength(1);
      expect(received[0].to).toEqual(['jose.cliente@exemplo.com.br']);
      const { headers, text } = decodeMessage(received[0].raw);
      expect(headers).toContain('Subject: Sua simulação de crédito consignado');
      expect(headers).toContain('To: jose.cliente@exemplo.com.br');

      const [operation] = (await history(id)).data[0].operacoes;
      const [day, month, year] = [operation.DT_Validade.slice(8), operation.DT_Validade.slice(5, 7), operation.DT_Validade.slice(0, 4)];
      expect(text).toContain('Olá, José Carlos Pereira.');
      expect(text).toContain('INSS — Banco BMG');
      expect(text).toContain('Prazo: 84 parcelas de R$ 800,00');
      expect(text).toContain(`Valor líquido liberado: ${formatCents(toCents(operation.VL_Liquido))}`);
      expect(text).toContain('Taxa de juros: 1,66% a.m.');
      expect(text).toContain(`IOF: ${formatCents(toCents(operation.VL_IOF))}`);
      expect(text).toContain(`CET ${operation.VL_CETMensal.replace('.', ',')}% a.m. (${operation.VL_CETAnual.replace('.', ',')}% a.a.)`);
      expect(text).toContain(`Proposta válida até ${day}/${month}/${year}`);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('keeps the record and says the e-mail failed when the SMTP server does not answer', async () => {
    const closed = new SMTPServer({ authOptional: true, logger: false });
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    demo.app.app.config.mail = { url: `smtp://127.0.0.1:${port}`, from: 'crm@demo.com.br' };

    const before = await simulationCount();
    const { id, cliente, inss } = await screenOf(JOSE);
    const { body } = await send({ cliente, contratar: [inss] });
    expect(body).toEqual({
      success: true,
      text: 'Simulação registrada, mas o envio do e-mail falhou. Tente novamente mais tarde.',
      data: { ID_Simulacao: expect.any(Number), TP_Envio: 'falhou' },
    });
    expect(await simulationCount()).toBe(before + 1);
    expect((await history(id)).data[0]).toMatchObject({ ID_Simulacao: body.data.ID_Simulacao, TP_Envio: 'falhou' });
  });
});

describe('POST /crm/simulacao/enviar: private payroll credit (CCP) under Lei 15.179/2025', () => {
  const EDSON = DEMO_CLIENTS.find((c) => c.name === 'Edson Arantes Melo')!; // FGTS and CCP, income R$ 5.100,00
  const CCP = 5;
  // Edson is no lead of the attendant's: they work him once they look him up by his CPF ('Novo Cliente').
  beforeAll(async () => expect((await get(`/crm/cliente/basico/${makeCpf(EDSON.cpfBase)}`, ATTENDANT)).status).toBe(200));

  async function ccpScreen() {
    const id = await clientId(EDSON);
    const cliente = (await get(`/crm/cliente/basicoPorID/${id}`, ATTENDANT)).body.data.cliente;
    const cards: { ID_TipoCredito: number }[] = (await get(`/crm/cliente/operacoes/${id}`, ATTENDANT)).body.data;
    const ccp = {
      ...cards.find((c) => c.ID_TipoCredito === CCP)!,
      SN_Selecionado: true,
      CO_Agencia: '1234',
      CO_ContaCorrente: '56789',
      CO_ContaCorrenteDV: '0',
    };
    return { id, cliente, ccp };
  }

  it('refuses an installment above 35% of the available remuneration with its text and records nothing', async () => {
    const { cliente, ccp } = await ccpScreen();
    expect(ccp).toMatchObject({ VL_BaseCalculo: '5100.00', VL_Margem: '1785.00' });
    const before = await simulationCount();
    expect((await send({ cliente, contratar: [{ ...ccp, VL_Parcela: '1785.01' }] })).body).toEqual({
      success: false,
      text: 'A parcela de R$ 1.785,01 excede a margem disponível de R$ 1.785,00.',
    });
    expect(await simulationCount()).toBe(before);
    const sent = await send({ cliente, contratar: [{ ...ccp, VL_Parcela: '1785.00' }] });
    expect(sent.body).toMatchObject({ success: true });
    expect(await simulationCount()).toBe(before + 1);
  });

  it('asks for the salary when the client has none, recording nothing', async () => {
    const { id, cliente, ccp } = await ccpScreen();
    await demo.app.db.query('update cliente set vl_salario_bruto = null where id_cliente = $1', [id]);
    // Saving the form is what keeps the card on the pay (PUT /crm/cliente, a proposal, a recalculation).
    const saved = await demo.app.call('PUT', `/crm/cliente/${id}`, {
      token: tokens[ATTENDANT],
      body: { ...cliente, VL_SalarioBruto: null },
    });
    expect(saved.status).toBe(200);
    const before = await simulationCount();
    expect((await send({ cliente: { ...cliente, VL_SalarioBruto: null }, contratar: [ccp] })).body).toEqual({
      success: false,
      text: 'Informe o salário do cliente (bruto ou líquido) para calcular a margem de 35% do Crédito do Trabalhador.',
    });
    expect(await simulationCount()).toBe(before);
  });
});
