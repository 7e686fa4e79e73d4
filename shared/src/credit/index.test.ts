import * as credit from '@consig/shared/credit';

describe('@consig/shared/credit', () => {
  it('is importable by its subpath and answers the known contract', () => {
    const installment = credit.installmentFor({ gross: credit.toCents('2000.00'), rate: credit.percentRate('1.79'), term: 12 });
    expect(credit.formatCents(installment)).toBe('R$ 186,69');
  });

  it('exposes the operations the API and the screens need', () => {
    for (const name of [
      'offerFromNet',
      'offerFromInstallment',
      'marginsOf',
      'checkInstallmentWithinMargin',
      'checkInssRate',
      'checkInssTerm',
      'fgtsAnticipation',
      'largestFgtsTermFor',
      'largestFgtsTermOn',
      'grossWithIof',
      'cet',
      'refusalText',
      'saoPauloDate',
    ]) {
      expect(typeof (credit as Record<string, unknown>)[name]).toBe('function');
    }
  });
});
