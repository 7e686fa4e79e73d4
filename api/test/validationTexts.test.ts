import { useSignedInDemoApp } from './harness';

// A field without a message of its own is answered in our Brazilian Portuguese (shared/src/contracts/
// validationMessages.ts), never zod's European locale ('Demasiado grande: esperado que string tivesse <=100
// caracteres', '… recebeu um vetor'); a field whose contract sets a text keeps it word for word.
const demo = useSignedInDemoApp();

async function refusal(method: string, path: string, email: string, body?: unknown) {
  const { status, body: answer } = await demo.app.call(method, path, { token: demo.tokens[email], body });
  return { status, text: answer?.text, success: answer?.success };
}
const bad = (text: string) => ({ status: 400, success: false, text });

describe('validation texts of our own', () => {
  it('gives the limit of a text too long in characters', async () => {
    const cursor = 'x'.repeat(201);
    expect(await refusal('GET', `/crm/proposta/0/0/0/0?cursor=${cursor}`, 'supervisor@demo.com.br')).toEqual(
      bad('cursor: Use no máximo 200 caracteres.'),
    );
  });

  it('says a text was expected where a number came, and a whole number where a text came', async () => {
    const operation = { OperacaoID: 1, NU_Parcelas: 84 };
    expect(await refusal('POST', '/crm/atualizaOperacao', 'atendente@demo.com.br', { ...operation, DE_Bruto: 123 })).toEqual(
      bad('DE_Bruto: Informe um texto.'),
    );
    expect(await refusal('POST', '/crm/atualizaOperacao', 'atendente@demo.com.br', { ...operation, ID_TipoCredito: 'um' })).toEqual(
      bad('ID_TipoCredito: Informe um número inteiro.'),
    );
    expect(await refusal('POST', '/cadastro/naoperturbe/csv', 'supervisor@demo.com.br', { TX_Base: 5511987654321 })).toEqual(
      bad('TX_Base: Informe um texto.'),
    );
  });

  it('says an object was expected where a list came, in a field and as the whole body', async () => {
    expect(await refusal('POST', '/crm/simulacao/enviar', 'atendente@demo.com.br', { cliente: [], contratar: [] })).toEqual(
      bad('cliente: Informe um objeto.'),
    );
    expect(await refusal('POST', '/crm/atualizaOperacao', 'atendente@demo.com.br', [{ OperacaoID: 1, NU_Parcelas: 84 }])).toEqual(
      bad('Envie os dados da requisição como um objeto JSON.'),
    );
    expect(await refusal('POST', '/crm/atualizaOperacao', 'atendente@demo.com.br')).toEqual(bad('Envie os dados da requisição em JSON.'));
  });

  it('says what a field that takes a text or a number takes, and the lowest value a number may have', async () => {
    const operation = { OperacaoID: 1, NU_Parcelas: 84 };
    expect(await refusal('POST', '/crm/atualizaOperacao', 'atendente@demo.com.br', { ...operation, VL_Parcela: [250] })).toEqual(
      bad('VL_Parcela: Informe um texto ou um número.'),
    );
    expect(await refusal('POST', '/cadastro/campanha/loteverz', 'supervisor@demo.com.br', { ID_Campanha: 1, MN_Taxa: -1 })).toEqual(
      bad('MN_Taxa: Informe um valor a partir de 0.'),
    );
  });

  it("keeps the texts the contracts set: an unknown option's, a malformed e-mail's, a missing field's", async () => {
    const operation = { OperacaoID: 1, NU_Parcelas: 84 };
    expect(await refusal('POST', '/crm/atualizaOperacao', 'atendente@demo.com.br', { ...operation, TP_Calculo: 'prazo' })).toEqual(
      bad("TP_Calculo: Use 'parcela' ou 'liquido'."),
    );
    expect(await refusal('GET', '/crm/cliente/basico/52998224725?cadastrar=2', 'atendente@demo.com.br')).toEqual(
      bad('cadastrar: Use 0 ou 1.'),
    );
    expect(await demo.app.call('POST', '/lnk/token', { body: { EM_Email: 'ana@', PW_Senha: 'x' } })).toEqual({
      status: 400,
      body: { success: false, text: 'EM_Email: Email inválido.' },
    });
    expect(await refusal('POST', '/crm/atualizaOperacao', 'atendente@demo.com.br', { OperacaoID: 1 })).toEqual(
      bad('NU_Parcelas: Prazo inválido.'),
    );
  });

  it('says a missing field without a text of its own is required', async () => {
    expect(await refusal('POST', '/cadastro/naoperturbe/csv', 'supervisor@demo.com.br', {})).toEqual(
      bad('TX_Base: Este campo é obrigatório.'),
    );
    expect(await refusal('POST', '/cadastro/naoperturbe/csv', 'supervisor@demo.com.br', { TX_Base: null })).toEqual(
      bad('TX_Base: Este campo é obrigatório.'),
    );
  });
});
