import { brDateToIso, compactBrDate, isoToBrDate, maskBrDate } from './brDate';

describe('maskBrDate', () => {
  it('writes the slashes as the digits come', () => {
    expect(maskBrDate('1')).toBe('1');
    expect(maskBrDate('15')).toBe('15');
    expect(maskBrDate('150')).toBe('15/0');
    expect(maskBrDate('1503')).toBe('15/03');
    expect(maskBrDate('15032026')).toBe('15/03/2026');
  });

  it('drops letters, pasted separators and digits beyond the year', () => {
    expect(maskBrDate('15-03-2026')).toBe('15/03/2026');
    expect(maskBrDate('15a03b2026')).toBe('15/03/2026');
    expect(maskBrDate('150320269')).toBe('15/03/2026');
    expect(maskBrDate('')).toBe('');
  });
});

describe('compaction (product-spec §5 "Date filters")', () => {
  it('turns dd/mm/aaaa into YYYYMMDD', () => {
    expect(compactBrDate('15/03/2026')).toBe('20260315');
    expect(compactBrDate('01/12/1999')).toBe('19991201');
    expect(compactBrDate('29/02/2024')).toBe('20240229');
  });

  it('gives nothing for an incomplete or impossible day', () => {
    expect(compactBrDate('15/03/20')).toBe('');
    expect(compactBrDate('31/04/2026')).toBe('');
    expect(compactBrDate('29/02/2026')).toBe('');
    expect(compactBrDate('')).toBe('');
  });
});

it('converts between the typed form and the ISO day the address keeps', () => {
  expect(brDateToIso('15/03/2026')).toBe('2026-03-15');
  expect(brDateToIso('15-03-2026')).toBeNull();
  expect(isoToBrDate('2026-03-15')).toBe('15/03/2026');
  expect(isoToBrDate('')).toBe('');
});
