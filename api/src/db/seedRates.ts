import type { Db } from './db';

/**
 * Demo monthly rates (table `taxa`, migration 007), plausible for late 2026 and within the caps in force
 * (docs/rules.md "Rules in force": INSS loans ≤ 1.85% a.m. since 04/04/2025, SIAPE loans ≤ 1.80% a.m. since
 * 12/2023; EGC ≤ 3.50% and EGI ≤ 2.00% a.m., the company's ceilings). Percent texts, never floats.
 * `bank` null: the company's rate for any bank of that credit type; a bank's own row wins over it.
 */
export const DEMO_RATES: readonly { company: number; creditType: number; bank: number | null; percent: string }[] = [
  { company: 1, creditType: 1, bank: null, percent: '1.80' }, // INSS
  { company: 1, creditType: 1, bank: 318, percent: '1.66' }, // INSS at Banco BMG
  { company: 1, creditType: 2, bank: null, percent: '1.85' }, // ML
  { company: 1, creditType: 3, bank: null, percent: '1.72' }, // SIAPE
  { company: 1, creditType: 4, bank: null, percent: '1.79' }, // FGTS anticipation
  { company: 1, creditType: 5, bank: null, percent: '3.30' }, // Crédito Privado (CCP)
  { company: 1, creditType: 6, bank: null, percent: '1.99' }, // EGC, auto equity
  { company: 1, creditType: 7, bank: null, percent: '1.19' }, // EGI, home equity
  { company: 2, creditType: 1, bank: null, percent: '1.78' },
  { company: 2, creditType: 2, bank: null, percent: '1.85' },
  { company: 2, creditType: 3, bank: null, percent: '1.76' },
  { company: 2, creditType: 4, bank: null, percent: '1.79' },
  { company: 2, creditType: 5, bank: null, percent: '3.35' },
  { company: 2, creditType: 6, bank: null, percent: '2.09' },
  { company: 2, creditType: 7, bank: null, percent: '1.25' },
];

/** In force from the day the current INSS cap took effect, so every demo rate has a rule to meet. */
const DEMO_RATES_FROM = '2025-04-04';

/** Inserts the demo rates; called inside the demo seed's transaction (seed.ts), after the companies. */
export async function seedDemoRates(tx: Db): Promise<void> {
  for (const rate of DEMO_RATES) {
    await tx.query(
      `insert into taxa (id_empresa, id_tipo_credito, id_banco, vl_taxa_mensal, dt_vigencia, de_fonte)
       values ($1, $2, $3, $4, $5, $6)`,
      [rate.company, rate.creditType, rate.bank, rate.percent, DEMO_RATES_FROM, 'Taxa de demonstração.'],
    );
  }
}
