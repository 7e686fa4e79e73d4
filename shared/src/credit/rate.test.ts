import { isAbove, percentRate, percentText } from './rate';
import { compare, fraction } from './rational';

describe('percentRate', () => {
  it('turns a percent text or a typed number into the exact monthly rate', () => {
    expect(compare(percentRate('1.79'), fraction(179n, 10_000n))).toBe(0);
    expect(compare(percentRate('1,79'), fraction(179n, 10_000n))).toBe(0);
    expect(compare(percentRate(1.79), fraction(179n, 10_000n))).toBe(0);
    expect(compare(percentRate('0.0082'), fraction(82n, 1_000_000n))).toBe(0);
    expect(compare(percentRate('0'), fraction(0n))).toBe(0);
  });

  it('refuses negative rates and unreadable texts', () => {
    expect(() => percentRate('-1')).toThrow(RangeError);
    expect(() => percentRate('1.8%')).toThrow(RangeError);
  });
});

describe('percentText', () => {
  it('writes the rate back as a percent, rounded half-up', () => {
    expect(percentText(percentRate('1.79'))).toBe('1.79');
    expect(percentText(percentRate('1.785'))).toBe('1.79');
    expect(percentText(percentRate('0.0082'), 4)).toBe('0.0082');
    expect(percentText(percentRate('0.0082'))).toBe('0.01');
    expect(percentText(percentRate('35'), 0)).toBe('35');
  });
});

describe('isAbove', () => {
  it('treats a cap as inclusive', () => {
    expect(isAbove(percentRate('1.85'), percentRate('1.85'))).toBe(false);
    expect(isAbove(percentRate('1.8501'), percentRate('1.85'))).toBe(true);
    expect(isAbove(percentRate('1.84'), percentRate('1.85'))).toBe(false);
  });
});
