import { compare, divide, floor, fraction, parseDecimal, power, reduce, roundHalfUp, toNumber } from './rational';

describe('roundHalfUp', () => {
  it('rounds exact halves away from zero and everything else to the nearest', () => {
    expect(roundHalfUp(fraction(1n, 2n))).toBe(1n);
    expect(roundHalfUp(fraction(5n, 2n))).toBe(3n);
    expect(roundHalfUp(fraction(-1n, 2n))).toBe(-1n);
    expect(roundHalfUp(fraction(-5n, 2n))).toBe(-3n);
    expect(roundHalfUp(fraction(49n, 100n))).toBe(0n);
    expect(roundHalfUp(fraction(-149n, 100n))).toBe(-1n);
    expect(roundHalfUp(fraction(7n))).toBe(7n);
  });
});

describe('floor', () => {
  it('goes towards minus infinity', () => {
    expect(floor(fraction(7n, 2n))).toBe(3n);
    expect(floor(fraction(-7n, 2n))).toBe(-4n);
    expect(floor(fraction(-6n, 2n))).toBe(-3n);
  });
});

describe('parseDecimal', () => {
  it('reads decimal texts and typed numbers exactly', () => {
    expect(compare(parseDecimal('1.79'), fraction(179n, 100n))).toBe(0);
    expect(compare(parseDecimal('1,79'), fraction(179n, 100n))).toBe(0);
    expect(compare(parseDecimal(0.1), fraction(1n, 10n))).toBe(0);
    expect(compare(parseDecimal('-0.0082'), fraction(-82n, 10_000n))).toBe(0);
    expect(compare(parseDecimal('.5'), fraction(1n, 2n))).toBe(0);
    expect(compare(parseDecimal('12'), fraction(12n))).toBe(0);
  });

  it('refuses texts that are not plain decimals', () => {
    for (const bad of ['', '.', 'abc', '1e-7', '1.2.3', '0x10', '1 000']) expect(() => parseDecimal(bad)).toThrow(RangeError);
    expect(() => parseDecimal(1e-7)).toThrow(RangeError);
    expect(() => parseDecimal(Number.NaN)).toThrow(RangeError);
  });
});

describe('fraction arithmetic', () => {
  it('keeps powers exact where floats drift', () => {
    const exact = power(fraction(10179n, 10000n), 12);
    expect(exact.numerator).toBe(10179n ** 12n);
    expect(toNumber(exact)).toBeCloseTo(1.0179 ** 12, 15);
  });

  it('reduces to lowest terms', () => {
    expect(reduce(fraction(180n, 10_000n))).toEqual(fraction(9n, 500n));
    expect(reduce(fraction(-6n, 4n))).toEqual(fraction(-3n, 2n));
    expect(reduce(fraction(0n, 7n))).toEqual(fraction(0n, 1n));
  });

  it('refuses division by zero and negative exponents', () => {
    expect(() => divide(fraction(1n), fraction(0n))).toThrow(RangeError);
    expect(() => fraction(1n, 0n)).toThrow(RangeError);
    expect(() => power(fraction(2n), -1)).toThrow(RangeError);
  });
});
