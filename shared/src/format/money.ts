/**
 * Amount to display. Strings are read as the API and `sanitizeMoneyInput` write them: dot decimal, no
 * thousands separator ('1234.56'). null, undefined, '' and anything unreadable show as zero, because a money
 * cell must always render something and the spec's own empty value is 'R$0,00' (§9 "MR fixed at R$0,00").
 */
function toAmount(value: number | string | null | undefined): number {
  if (value === null || value === undefined) return 0;
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  const text = value.trim();
  // Strict on purpose: Number() alone would also accept '0x10' and '1e3'.
  return /^-?(\d+(\.\d*)?|\.\d+)$/.test(text) ? Number(text) : 0;
}

// signDisplay 'negative': -0 and amounts that round to zero (-0.001) show as 0,00, never as -0,00.
const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', signDisplay: 'negative' });
const decimal = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'negative' });

/**
 * 'R$ 1.234,56' (negative: '-R$ 1.234,56'). Intl writes a no-break space (U+00A0) after 'R$'; it is replaced
 * by a plain space so the text is the same one users type, tests compare and CSV exports carry.
 */
export function formatBRL(value: number | string | null | undefined): string {
  return brl.format(toAmount(value)).replace(/[\u00a0\u202f]/g, ' ');
}

/** '1.234,56': pt-BR grouping and decimal comma, always two decimals; null/undefined → '0,00'. */
export function formatDecimal(value: number | string | null | undefined): string {
  return decimal.format(toAmount(value));
}

/**
 * Cleans a manual money field on every keystroke (product-spec §5 "Money"): digits and one dot, at most two
 * decimals, no sign, no leading zeros. '007' → '7', '0.5' stays, '.5' → '0.5', '12.345' → '12.34',
 * '-3' → '3'. A comma is taken as the dot, since it is the decimal key Brazilian users reach for; other
 * characters (a second separator included) are dropped.
 */
export function sanitizeMoneyInput(raw: string | null | undefined): string {
  const text = (raw ?? '').replace(/,/g, '.').replace(/[^\d.]/g, '');
  const dot = text.indexOf('.');
  const whole = dot === -1 ? text : text.slice(0, dot);
  const cents =
    dot === -1
      ? ''
      : text
          .slice(dot + 1)
          .replace(/\./g, '')
          .slice(0, 2);
  // A lone '0' is kept (it is the amount zero, and '0.' starts a decimal); only zeros before other digits go.
  const integer = whole.replace(/^0+(?=\d)/, '') || (dot === -1 ? '' : '0');
  return dot === -1 ? integer : `${integer}.${cents}`;
}
