import {
  availableRemuneration,
  privatePayrollGuarantee,
  privatePayrollMargin,
  privatePayrollRulesOn,
  PRIVATE_PAYROLL_RULES,
} from './privatePayroll';

const pay = (changes: Partial<Parameters<typeof availableRemuneration>[0]> = {}) => ({
  netSalary: null,
  grossSalary: null,
  mandatoryDiscounts: null,
  currentConsignedDiscounts: null,
  ...changes,
});

describe('private payroll credit (Lei 15.179/2025)', () => {
  it('is in force from 21/03/2025, when the platform opened, and not before', () => {
    expect(privatePayrollRulesOn('2025-03-21')).toBe(PRIVATE_PAYROLL_RULES[0]);
    expect(() => privatePayrollRulesOn('2025-03-20')).toThrow(RangeError);
  });

  it('takes the net salary as the available remuneration, else the gross less the mandatory discounts, else none', () => {
    expect(availableRemuneration(pay({ netSalary: 250_000, grossSalary: 300_000, mandatoryDiscounts: 10_000 }))).toBe(250_000);
    expect(availableRemuneration(pay({ grossSalary: 300_000, mandatoryDiscounts: 40_000 }))).toBe(260_000);
    expect(availableRemuneration(pay({ grossSalary: 300_000 }))).toBe(300_000);
    expect(availableRemuneration(pay())).toBeNull();
  });

  it('gives 35% of it rounded down to the cent, less the current consigned installments, never below zero', () => {
    expect(privatePayrollMargin(pay({ grossSalary: 100_001 }), '2026-11-10')).toEqual({ base: 100_001, margin: 35_000 });
    expect(privatePayrollMargin(pay({ grossSalary: 300_000, currentConsignedDiscounts: 5_000 }), '2026-11-10')).toEqual({
      base: 300_000,
      margin: 100_000,
    });
    expect(privatePayrollMargin(pay({ grossSalary: 10_000, currentConsignedDiscounts: 5_000 }), '2026-11-10')).toEqual({
      base: 10_000,
      margin: 0,
    });
    expect(privatePayrollMargin(pay(), '2026-11-10')).toEqual({ base: 0, margin: 0 });
  });

  it('lets the worker pledge up to 10% of the FGTS balance (rounded down) or 100% of the dismissal fine', () => {
    expect(privatePayrollGuarantee(400_005, '2026-11-10')).toMatchObject({
      fgtsBalanceShare: 40_000,
      rules: { fgtsBalancePledgePercent: '10', dismissalFinePledgePercent: '100' },
    });
    expect(privatePayrollGuarantee(null, '2026-11-10').fgtsBalanceShare).toBeNull();
  });
});
