import { HIDDEN_PHONE, dialNumber, maskHidden, phoneSchema, whatsappLink } from './phone';

/** The messages a form would show: zod's issue messages, in order. */
function messages(value: unknown): string[] {
  const result = phoneSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('phoneSchema (DE_Telefone)', () => {
  it('accepts exactly 11 digits and returns them unchanged', () => {
    expect(phoneSchema.parse('11987654321')).toBe('11987654321');
    expect(messages('01234567890')).toEqual([]);
  });

  it('requires a value', () => {
    expect(messages('')).toEqual(['Campo obrigatório.']);
    expect(messages(undefined)).toEqual(['Campo obrigatório.']);
    expect(messages(null)).toEqual(['Campo obrigatório.']);
  });

  it('allows digits only, before checking the length', () => {
    expect(messages('abc')).toEqual(['Apenas números.']);
    expect(messages('(11) 98765-4321')).toEqual(['Apenas números.']);
    expect(messages('1198765432a')).toEqual(['Apenas números.']);
    expect(messages(' 11987654321')).toEqual(['Apenas números.']);
  });

  it('requires exactly 11 digits', () => {
    expect(messages('1198765432')).toEqual(['Deve conter 11 dígitos.']);
    expect(messages('119876543210')).toEqual(['Deve conter 11 dígitos.']);
    expect(messages('1')).toEqual(['Deve conter 11 dígitos.']);
  });
});

describe('whatsappLink', () => {
  it('prefixes country code 55 to the digits', () => {
    expect(whatsappLink('11987654321')).toBe('https://wa.me/5511987654321');
    expect(whatsappLink('(11) 98765-4321')).toBe('https://wa.me/5511987654321');
  });
});

describe('dialNumber', () => {
  it('adds a leading 0 before a two-digit area code', () => {
    expect(dialNumber('11987654321')).toBe('011987654321');
    expect(dialNumber('(21) 98765-4321')).toBe('021987654321');
    expect(dialNumber('1134567890')).toBe('01134567890'); // landline: DDD + 8 digits
  });

  it('leaves numbers already starting with 0 unchanged', () => {
    expect(dialNumber('011987654321')).toBe('011987654321');
    expect(dialNumber('01134567890')).toBe('01134567890');
  });

  it('dials other lengths (such as internal extensions) as their digits', () => {
    expect(dialNumber('1001')).toBe('1001');
    expect(dialNumber('987654321')).toBe('987654321');
    expect(dialNumber('')).toBe('');
  });
});

describe('maskHidden', () => {
  it('always shows eleven x characters', () => {
    expect(HIDDEN_PHONE).toBe('xxxxxxxxxxx');
    expect(maskHidden('11987654321')).toBe('xxxxxxxxxxx');
    expect(maskHidden('1001')).toHaveLength(11);
    expect(maskHidden()).toBe('xxxxxxxxxxx');
  });
});
