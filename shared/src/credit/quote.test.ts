import { checkInstallmentWithinMargin, marginsOf } from './margin';
import { grossFor, installmentFor } from './price';
import { offerFromInstallment, offerFromNet } from './quote';
import { percentRate } from './rate';

const RATE = percentRate('1.79');
const IOF = { contractDate: '2025-06-10' };

describe('offerFromNet', () => {
  it('without IOF keeps the rule VL_Liquido = VL_Bruto − VL_SaldoDevedor', () => {
    const offer = offerFromNet({ net: 150_000, debitBalance: 50_000, rate: RATE, term: 12 });
    expect(offer).toMatchObject({ gross: 200_000, iof: 0, debitBalance: 50_000, net: 150_000, installment: 18_669 });
  });

  it('with IOF finances it in the gross value and keeps the net value asked for to the cent', () => {
    const offer = offerFromNet({ net: 200_000, rate: RATE, term: 12, iof: IOF });
    expect(offer).toMatchObject({
      gross: 204_199,
      iof: 4_199,
      net: 200_000,
      installment: installmentFor({ gross: 204_199, rate: RATE, term: 12 }),
    });
    expect(offer.installment).toBe(19_061);
    expect(offer.cet!.monthly).toBeGreaterThan(0.0179);
  });

  it('settles a refinancing balance out of the gross value, IOF on the whole amount financed', () => {
    const offer = offerFromNet({ net: 100_000, debitBalance: 300_000, rate: RATE, term: 24, iof: IOF });
    expect(offer.gross - offer.iof - offer.debitBalance).toBe(100_000);
    expect(offer.iof).toBeGreaterThan(0);
  });
});

describe('offerFromInstallment', () => {
  it('turns the free margin into the largest gross value it repays, and the installment stays within the margin', () => {
    const { loan } = marginsOf({ kind: 'inss', base: 320_000, currentDiscounts: 20_000, on: '2026-11-22' });
    const offer = offerFromInstallment({ installment: loan, rate: percentRate('1.80'), term: 84, iof: { contractDate: '2026-11-22' } });
    expect(offer.gross).toBe(grossFor({ installment: loan, rate: percentRate('1.80'), term: 84 }));
    expect(offer.net).toBe(offer.gross - offer.iof);
    expect(installmentFor({ gross: offer.gross, rate: percentRate('1.80'), term: 84 })).toBe(loan);
    expect(checkInstallmentWithinMargin(offer.installment, loan)).toBeNull();
  });

  it('reports a negative net value when the installment does not cover the balance to settle', () => {
    const offer = offerFromInstallment({ installment: 1_000, debitBalance: 100_000, rate: RATE, term: 12 });
    expect(offer.net).toBeLessThan(0);
  });

  it('has no CET when nothing is released', () => {
    expect(offerFromInstallment({ installment: 0, rate: RATE, term: 12 }).cet).toBeNull();
  });
});

describe('editing either figure', () => {
  it('gives back the same installment when the net value shown for it is sent back', () => {
    let state = 3;
    const next = (max: number) => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) % max;
    for (let sample = 0; sample < 200; sample += 1) {
      const terms = { rate: percentRate((next(350) / 100 + 0.5).toFixed(2)), term: [12, 24, 48, 84, 96][next(5)], iof: IOF };
      const fromInstallment = offerFromInstallment({ installment: next(200_000) + 1_000, ...terms });
      const fromNet = offerFromNet({ net: fromInstallment.net, ...terms });
      expect(fromNet.installment).toBe(fromInstallment.installment);
      expect(fromNet.net).toBe(fromInstallment.net);
      expect(Math.abs(fromNet.gross - fromInstallment.gross)).toBeLessThanOrEqual(1);
    }
  });
});
