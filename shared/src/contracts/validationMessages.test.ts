import * as z from 'zod/mini';
import { loginRequest } from './auth';
import { boundedText } from './fields';
import { installValidationMessages, validationMessage } from './validationMessages';

beforeAll(() => installValidationMessages());

/** The first issue's message, prefixed by its path as the API answers it ('campo: mensagem'). */
function text(schema: z.ZodMiniType, value: unknown): string {
  const result = schema.safeParse(value);
  if (result.success) throw new Error(`accepted ${JSON.stringify(value)}`);
  const [issue] = result.error.issues;
  return issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message;
}

const field = (schema: z.ZodMiniType) => z.object({ campo: schema });

describe('validationMessage: the Brazilian Portuguese of issues without a message of their own', () => {
  it('says a missing or null value is required, and what a value of the wrong type should have been', () => {
    expect(text(field(z.string()), {})).toBe('campo: Este campo é obrigatório.');
    expect(text(field(z.int()), { campo: null })).toBe('campo: Este campo é obrigatório.');
    expect(text(field(z.enum(['dia', 'hora'])), {})).toBe('campo: Este campo é obrigatório.');
    expect(text(field(z.string()), { campo: 42 })).toBe('campo: Informe um texto.');
    expect(text(field(z.number()), { campo: '42' })).toBe('campo: Informe um número.');
    expect(text(field(z.int()), { campo: 4.5 })).toBe('campo: Informe um número inteiro.');
    expect(text(field(z.int()), { campo: '4' })).toBe('campo: Informe um número inteiro.');
    expect(text(field(z.array(z.int())), { campo: { a: 1 } })).toBe('campo: Informe uma lista.');
    expect(text(field(z.object({ a: z.int() })), { campo: [1] })).toBe('campo: Informe um objeto.');
    expect(text(field(z.boolean()), { campo: 'sim' })).toBe('campo: Informe verdadeiro ou falso.');
    expect(text(field(z.date()), { campo: '2026-01-01' })).toBe('campo: Informe uma data.');
    expect(text(z.object({ lista: z.array(z.object({ a: z.string() })) }), { lista: [{ a: 1 }] })).toBe('lista.0.a: Informe um texto.');
  });

  it('says a request without a body, or with one that is not an object, so (an issue at the root)', () => {
    expect(text(z.object({ a: z.string() }), undefined)).toBe('Envie os dados da requisição em JSON.');
    expect(text(z.object({ a: z.string() }), null)).toBe('Envie os dados da requisição em JSON.');
    expect(text(z.object({ a: z.string() }), [{ a: 'x' }])).toBe('Envie os dados da requisição como um objeto JSON.');
    // Only an object at the root is a request body: a value parsed alone reads like a field.
    expect(text(z.string(), 42)).toBe('Informe um texto.');
    expect(text(z.string(), undefined)).toBe('Este campo é obrigatório.');
  });

  it('gives the limits of texts in characters, of numbers as values and of lists in items', () => {
    expect(text(field(z.string().check(z.maxLength(100))), { campo: 'x'.repeat(101) })).toBe('campo: Use no máximo 100 caracteres.');
    expect(text(field(z.string().check(z.minLength(3))), { campo: 'xy' })).toBe('campo: Use ao menos 3 caracteres.');
    expect(text(field(z.string().check(z.minLength(1))), { campo: '' })).toBe('campo: Este campo é obrigatório.');
    expect(text(field(z.string().check(z.length(1))), { campo: 'xy' })).toBe('campo: Use exatamente 1 caractere.');
    expect(text(field(z.string().check(z.length(11))), { campo: 'x' })).toBe('campo: Use exatamente 11 caracteres.');
    expect(text(field(z.int().check(z.maximum(2_147_483_647))), { campo: 2_147_483_648 })).toBe(
      'campo: Informe um valor até 2.147.483.647.',
    );
    expect(text(field(z.number().check(z.minimum(0.01))), { campo: 0 })).toBe('campo: Informe um valor a partir de 0,01.');
    expect(text(field(z.int().check(z.positive())), { campo: 0 })).toBe('campo: Informe um valor maior que 0.');
    expect(text(field(z.number().check(z.lt(10))), { campo: 10 })).toBe('campo: Informe um valor menor que 10.');
    expect(text(field(z.int()), { campo: 2 ** 60 })).toBe('campo: Informe um valor até 9.007.199.254.740.991.');
    expect(text(field(z.array(z.int()).check(z.maxLength(4))), { campo: [1, 2, 3, 4, 5] })).toBe('campo: Use no máximo 4 itens.');
    expect(text(field(z.array(z.int()).check(z.minLength(1))), { campo: [] })).toBe('campo: Use ao menos 1 item.');
    expect(text(field(z.int().check(z.multipleOf(5))), { campo: 7 })).toBe('campo: Informe um múltiplo de 5.');
  });

  it('names formats, the values an enum or literal takes, and keys it does not know', () => {
    expect(text(field(z.email()), { campo: 'ana@' })).toBe('campo: Email inválido.');
    expect(text(field(z.iso.date()), { campo: '01/02/2026' })).toBe('campo: Data inválida (use AAAA-MM-DD).');
    expect(text(field(z.string().check(z.regex(/^\d+$/))), { campo: 'abc' })).toBe('campo: Formato inválido.');
    expect(text(field(z.string().check(z.startsWith('v=0'))), { campo: 'x' })).toBe('campo: Deve começar com "v=0".');
    expect(text(field(z.enum(['dia', 'hora'])), { campo: 'semana' })).toBe('campo: Valor inválido. Use um destes: dia, hora.');
    expect(text(field(z.literal(1)), { campo: 2 })).toBe('campo: Valor inválido. Use 1.');
    expect(text(z.strictObject({ a: z.int() }), { a: 1, b: 2, c: 3 })).toBe('Campos não reconhecidos: b, c.');
    expect(text(field(z.strictObject({ a: z.int() })), { campo: { a: 1, b: 2 } })).toBe('campo: Campo não reconhecido: b.');
  });

  it('says what the options of a union take when each refused the value for its type or value alone', () => {
    expect(text(field(z.union([z.string(), z.number()])), { campo: [] })).toBe('campo: Informe um texto ou um número.');
    expect(text(field(z.union([z.int(), z.string(), z.array(z.int())])), { campo: true })).toBe(
      'campo: Informe um número inteiro, um texto ou uma lista.',
    );
    expect(text(field(z.union([z.literal(0), z.literal(1)])), { campo: 2 })).toBe('campo: Valor inválido. Use um destes: 0, 1.');
    expect(text(field(z.union([z.string(), z.int()])), {})).toBe('campo: Este campo é obrigatório.');
    expect(text(field(z.union([z.literal(0), z.boolean()])), { campo: 'x' })).toBe('campo: Valor inválido.');
    expect(text(field(z.union([z.object({ a: z.int() }), z.object({ b: z.int() })])), { campo: {} })).toBe('campo: Valor inválido.');
    // One option that took the type refuses alone: its own issue (a limit here) is the answer.
    expect(text(field(z.union([z.string().check(z.maxLength(100)), z.int()])), { campo: 'x'.repeat(101) })).toBe(
      'campo: Use no máximo 100 caracteres.',
    );
  });

  it('says a refinement without a message refused the value', () => {
    expect(text(field(z.int().check(z.refine((n) => n % 2 === 0))), { campo: 3 })).toBe('campo: Valor inválido.');
  });

  it('never overrides a message the schema, its check or its contract sets', () => {
    expect(text(field(z.string().check(z.maxLength(5, 'Curto demais.'))), { campo: 'x'.repeat(6) })).toBe('campo: Curto demais.');
    expect(text(field(z.int({ error: 'Cliente inválido.' })), { campo: 'x' })).toBe('campo: Cliente inválido.');
    // A check without a message takes its schema's.
    expect(text(field(z.int({ error: 'Prazo inválido.' }).check(z.minimum(0))), { campo: -1 })).toBe('campo: Prazo inválido.');
    expect(text(field(z.enum(['0', '1'], { error: 'Use 0 ou 1.' })), { campo: '2' })).toBe('campo: Use 0 ou 1.');
    expect(text(field(boundedText(60)), { campo: 'x'.repeat(61) })).toBe('campo: Use no máximo 60 caracteres.');
    expect(text(loginRequest, { EM_Email: 'nao-e-email', PW_Senha: 'x' })).toBe('EM_Email: Email inválido.');
    expect(text(loginRequest, { EM_Email: 'ana@demo.com.br', PW_Senha: '' })).toBe('PW_Senha: Este campo é obrigatório.');
  });

  it('answers every issue, so nothing falls through to zod’s locale (English in the browser)', () => {
    const codes = [
      { code: 'invalid_type', expected: 'symbol', input: 1, path: ['a'] },
      { code: 'too_big', origin: 'file', maximum: 10, input: 1, path: ['a'] },
      { code: 'too_small', origin: 'date', minimum: 0, input: 1, path: ['a'] },
      { code: 'invalid_format', format: 'jwt', input: 'x', path: ['a'] },
      { code: 'invalid_key', origin: 'record', issues: [], input: 'x', path: ['a'] },
      { code: 'invalid_element', origin: 'set', key: 'x', issues: [], input: 'x', path: ['a'] },
      { code: 'custom', input: 1, path: ['a'] },
      { code: 'outro', input: 1, path: ['a'] },
    ] as unknown as Parameters<typeof validationMessage>[0][];
    expect(codes.map((issue) => validationMessage(issue))).toEqual([
      'Valor inválido.',
      'Valor acima do permitido.',
      'Valor abaixo do permitido.',
      'Formato inválido.',
      'Chave inválida.',
      'Item inválido.',
      'Valor inválido.',
      'Valor inválido.',
    ]);
  });
});
