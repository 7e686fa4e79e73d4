/** CPF: 9 digits plus two mod-11 check digits. */
function checkDigit(digits: string): number {
  const weightStart = digits.length + 1;
  const sum = [...digits].reduce((acc, d, i) => acc + Number(d) * (weightStart - i), 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** Appends the two check digits to a 9-digit base: '111444777' → '11144477735'. */
export function completeCpf(base: string): string {
  if (!/^\d{9}$/.test(base)) throw new Error(`CPF base must have 9 digits: ${base}`);
  const first = base + checkDigit(base);
  return first + checkDigit(first);
}
