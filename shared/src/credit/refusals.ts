import { formatCents, type Cents } from './money';
import { percentText, type Rate } from './rate';

/**
 * Why an operation cannot be offered as asked. Functions return these as values (not exceptions) so the API
 * can answer `success: false` with `refusalText(...)` and the screens can show the same words in a preview.
 */
export type CreditRefusal =
  | { readonly code: 'installment-above-margin'; readonly installment: Cents; readonly freeMargin: Cents }
  | { readonly code: 'rate-above-cap'; readonly rate: Rate; readonly cap: Rate }
  | { readonly code: 'term-above-limit'; readonly term: number; readonly largestTerm: number; readonly unit: 'installments' | 'years' }
  | { readonly code: 'fgts-balance-too-low'; readonly largestTerm: number };

// As many decimals as the rate has, 2 to 4 (rates are numeric(7, 4)): 1,8501% must not read as the cap's 1,85%.
const percentDigits = (rate: Rate) => percentText(rate, 4).replace(/0{1,2}$/, '');
const percent = (rate: Rate) => `${percentDigits(rate).replace('.', ',')}% a.m.`;
const years = (count: number) => `${count} ${count === 1 ? 'ano' : 'anos'}`;

/** The Brazilian Portuguese text a user reads for a refusal. */
export function refusalText(refusal: CreditRefusal): string {
  switch (refusal.code) {
    case 'installment-above-margin':
      return `A parcela de ${formatCents(refusal.installment)} excede a margem disponível de ${formatCents(refusal.freeMargin)}.`;
    case 'rate-above-cap':
      return `A taxa de ${percent(refusal.rate)} excede o teto de ${percent(refusal.cap)} em vigor.`;
    case 'term-above-limit':
      return refusal.unit === 'installments'
        ? `O prazo de ${refusal.term} parcelas excede o máximo de ${refusal.largestTerm} parcelas em vigor.`
        : `O prazo de ${years(refusal.term)} excede o máximo de ${years(refusal.largestTerm)} de antecipação em vigor.`;
    case 'fgts-balance-too-low':
      return refusal.largestTerm >= 2
        ? `O saldo do FGTS permite antecipar no máximo ${years(refusal.largestTerm)}.`
        : 'O saldo do FGTS não permite a antecipação.';
  }
}
