import { decodeDataUrl } from './dataUrl';

describe('decodeDataUrl', () => {
  it('reads base64 and percent-encoded data URLs', () => {
    expect(decodeDataUrl(`data:text/csv;base64,${Buffer.from('CPF\n1').toString('base64')}`)?.toString()).toBe('CPF\n1');
    expect(decodeDataUrl('data:text/csv;charset=utf-8,CPF%3B1')?.toString()).toBe('CPF;1');
    expect(decodeDataUrl(`data:application/vnd.ms-excel;base64,${Buffer.from('x').toString('base64')}`)?.toString()).toBe('x');
  });

  it('refuses what is not a data URL or not base64', () => {
    expect(decodeDataUrl('CPF;Nome')).toBeNull();
    expect(decodeDataUrl('data:text/csv;base64,@@não é base64@@')).toBeNull();
    expect(decodeDataUrl('data:text/csv,%E0%A4%A')).toBeNull();
  });
});
