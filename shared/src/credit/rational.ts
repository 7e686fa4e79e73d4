/**
 * Exact fractions of BigInts: the credit module's arithmetic core (internal, not exported from index.ts).
 *
 * Why not `number`: ECMAScript leaves `Math.pow` implementation-approximated, so `(1 + i) ** -n` may differ in
 * the last bit between the browser that previews an offer and the server that stores it, and a value that
 * lands near half a cent can then round to different cents. With fractions, `(1 + i)^n` is exact (n ≤ 120
 * makes numbers of a few hundred digits, which BigInt multiplies in microseconds) and each result is rounded
 * once, at the end, with one stated rule.
 */
export interface Fraction {
  readonly numerator: bigint;
  /** Always positive. */
  readonly denominator: bigint;
}

export function fraction(numerator: bigint, denominator = 1n): Fraction {
  if (denominator === 0n) throw new RangeError('Fraction with a zero denominator.');
  return denominator < 0n ? { numerator: -numerator, denominator: -denominator } : { numerator, denominator };
}

function gcd(a: bigint, b: bigint): bigint {
  let [x, y] = [a < 0n ? -a : a, b];
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/** The same fraction in lowest terms (1.80% = 180/10000 → 9/500): smaller powers, faster arithmetic. */
export function reduce(a: Fraction): Fraction {
  const divisor = gcd(a.numerator, a.denominator);
  return divisor > 1n ? fraction(a.numerator / divisor, a.denominator / divisor) : a;
}

export const ZERO: Fraction = fraction(0n);
export const ONE: Fraction = fraction(1n);

export function add(a: Fraction, b: Fraction): Fraction {
  if (a.denominator === b.denominator) return fraction(a.numerator + b.numerator, a.denominator);
  return fraction(a.numerator * b.denominator + b.numerator * a.denominator, a.denominator * b.denominator);
}

export function subtract(a: Fraction, b: Fraction): Fraction {
  return add(a, fraction(-b.numerator, b.denominator));
}

export function multiply(a: Fraction, b: Fraction): Fraction {
  return fraction(a.numerator * b.numerator, a.denominator * b.denominator);
}

export function divide(a: Fraction, b: Fraction): Fraction {
  if (b.numerator === 0n) throw new RangeError('Division by zero.');
  return fraction(a.numerator * b.denominator, a.denominator * b.numerator);
}

/** a^k for a whole k ≥ 0. */
export function power(a: Fraction, k: number): Fraction {
  if (!Number.isInteger(k) || k < 0) throw new RangeError(`Exponent must be a whole number ≥ 0, got ${k}.`);
  return fraction(a.numerator ** BigInt(k), a.denominator ** BigInt(k));
}

export function compare(a: Fraction, b: Fraction): -1 | 0 | 1 {
  const left = a.numerator * b.denominator;
  const right = b.numerator * a.denominator;
  return left < right ? -1 : left > right ? 1 : 0;
}

/** ⌊a⌋ (towards −∞). */
export function floor(a: Fraction): bigint {
  const quotient = a.numerator / a.denominator; // BigInt division truncates towards zero
  return a.numerator < 0n && quotient * a.denominator !== a.numerator ? quotient - 1n : quotient;
}

/**
 * Rounds half away from zero ("half-up" as banks and the ABNT rounding rule quote money): 0.5 → 1, 2.5 → 3,
 * −0.5 → −1. Exact, so a value that is exactly half a cent always goes up, on every engine.
 */
export function roundHalfUp(a: Fraction): bigint {
  const magnitude = a.numerator < 0n ? -a.numerator : a.numerator;
  const rounded = (2n * magnitude + a.denominator) / (2n * a.denominator);
  return a.numerator < 0n ? -rounded : rounded;
}

/**
 * Reads a plain decimal text ('1.79', '1,79', '0.0082', '12') exactly. Numbers are read through `String()`,
 * which gives the shortest text that round-trips, i.e. the decimal a person typed (1.79 → '1.79'); numbers
 * that print with an exponent (1e-7) are refused rather than guessed.
 */
export function parseDecimal(value: string | number): Fraction {
  const text = (typeof value === 'number' ? String(value) : value).trim().replace(',', '.');
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) throw new RangeError(`Not a plain decimal number: '${String(value)}'.`);
  const [, sign, whole, decimals = ''] = match;
  const numerator = BigInt(`${whole || '0'}${decimals}`);
  return fraction(sign === '-' ? -numerator : numerator, 10n ** BigInt(decimals.length));
}

/** Nearest double, for outputs that are only displayed or fed to an iterative solver. */
export function toNumber(a: Fraction): number {
  // Scale first so that huge numerators and denominators (hundreds of digits) do not overflow to Infinity.
  const scale = 10n ** 18n;
  return Number((a.numerator * scale) / a.denominator) / 1e18;
}
