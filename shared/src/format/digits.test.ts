import { digitsOnly } from './digits';

describe('digitsOnly', () => {
  it('keeps digits in order and drops everything else', () => {
    expect(digitsOnly('111.444.777-35')).toBe('11144477735');
    expect(digitsOnly('(11) 98765-4321')).toBe('11987654321');
    expect(digitsOnly(' a1b2 c3 ')).toBe('123');
  });

  it('returns an empty string for empty, null and undefined', () => {
    expect(digitsOnly('')).toBe('');
    expect(digitsOnly('abc')).toBe('');
    expect(digitsOnly(null)).toBe('');
    expect(digitsOnly(undefined)).toBe('');
  });

  it('keeps leading zeros', () => {
    expect(digitsOnly('012.345.678-90')).toBe('01234567890');
  });
});
