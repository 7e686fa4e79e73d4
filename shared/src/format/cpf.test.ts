import { cpfCheckDigits, isValidCpf, makeCpf } from './cpf';

describe('isValidCpf', () => {
  it.each(['111.444.777-35', '529.982.247-25', '145.382.206-20'])('accepts %s', (cpf) => {
    expect(isValidCpf(cpf)).toBe(true);
  });

  it('accepts the same CPFs as bare digits or with spaces', () => {
    expect(isValidCpf('11144477735')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf(' 145.382.206-20 ')).toBe(true);
  });

  it('rejects a wrong check digit', () => {
    expect(isValidCpf('012.345.678-91')).toBe(false);
    expect(isValidCpf('111.444.777-36')).toBe(false);
    expect(isValidCpf('111.444.777-45')).toBe(false);
  });

  it('rejects all-equal digits even though their sums check out', () => {
    expect(cpfCheckDigits('111111111')).toBe('11');
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCpf('00000000000')).toBe(false);
    expect(isValidCpf('99999999999')).toBe(false);
  });

  it('rejects the wrong length, letters and empty input', () => {
    expect(isValidCpf('1114447773')).toBe(false);
    expect(isValidCpf('111444777350')).toBe(false);
    expect(isValidCpf('111.444.777-3a5')).toBe(false);
    expect(isValidCpf('')).toBe(false);
    expect(isValidCpf(null)).toBe(false);
    expect(isValidCpf(undefined)).toBe(false);
  });
});

describe('cpfCheckDigits / makeCpf', () => {
  it('computes the check digits of the known examples', () => {
    expect(cpfCheckDigits('111444777')).toBe('35');
    expect(cpfCheckDigits('529982247')).toBe('25');
    expect(cpfCheckDigits('145382206')).toBe('20');
    expect(cpfCheckDigits('012345678')).toBe('90');
  });

  it('handles a remainder below 2 as check digit 0', () => {
    // Second digit of 145.382.206-20: weighted sum 220, 220 % 11 = 0, below 2 → 0.
    expect(cpfCheckDigits('145382206')[1]).toBe('0');
  });

  it('makes CPFs that isValidCpf accepts', () => {
    expect(makeCpf('111444777')).toBe('11144477735');
    for (const nine of ['000000001', '123456789', '987654321', '314159265']) {
      const cpf = makeCpf(nine);
      expect(cpf).toMatch(/^\d{11}$/);
      expect(cpf.startsWith(nine)).toBe(true);
      expect(isValidCpf(cpf)).toBe(true);
    }
  });

  it('throws unless given exactly nine digits', () => {
    expect(() => cpfCheckDigits('11144477')).toThrow(RangeError);
    expect(() => cpfCheckDigits('1114447770')).toThrow(RangeError);
    expect(() => makeCpf('111.444.777')).toThrow(RangeError);
  });
});
