import { cnpjCheckDigits, isValidCnpj, maskCnpj } from './cnpj';

describe('alphanumeric CNPJ (IN RFB 2.229/2024)', () => {
  it('computes the check digits of the Receita example 12.ABC.345/01DE-35 and of a numeric CNPJ', () => {
    expect(cnpjCheckDigits('12ABC34501DE')).toBe('35');
    expect(cnpjCheckDigits('112223330001')).toBe('81');
  });

  it('accepts valid CNPJs bare or masked, letters in either case', () => {
    expect(isValidCnpj('12ABC34501DE35')).toBe(true);
    expect(isValidCnpj('12.abc.345/01de-35')).toBe(true);
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
  });

  it('refuses wrong check digits, letters in the check digits, all-equal characters, other characters and wrong lengths', () => {
    expect(isValidCnpj('12ABC34501DE36')).toBe(false);
    expect(isValidCnpj('12ABC34501DEA5')).toBe(false);
    expect(isValidCnpj('00000000000000')).toBe(false);
    expect(isValidCnpj('12ABC34501DE35 ')).toBe(false);
    expect(isValidCnpj('12ABC34501DE3')).toBe(false);
    expect(isValidCnpj('')).toBe(false);
  });

  it('masks letters in the first twelve slots and only digits in the check digits', () => {
    expect(maskCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(maskCnpj('12ABC')).toBe('12.ABC');
    expect(maskCnpj('12ABC34501DEX5')).toBe('12.ABC.345/01DE');
    expect(maskCnpj('11222333000181999')).toBe('11.222.333/0001-81');
  });
});
