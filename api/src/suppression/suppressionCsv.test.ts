import { parseSuppressionFile } from './suppressionCsv';

const dataUrl = (text: string) => `data:text/csv;base64,${Buffer.from(text, 'latin1').toString('base64')}`;

describe('suppression list files', () => {
  it('reads the first column of a CSV with header, punctuation, +55 and both separators; drops repeats', () => {
    const file = dataUrl('telefone;nome\r\n(11) 98765-4321;José\r\n+55 21 99876-5432,Maria\r\n1132654321\r\n11987654321\r\n\r\n');
    expect(parseSuppressionFile(file)).toEqual({ numbers: ['11987654321', '21998765432', '1132654321'], invalidLines: [] });
  });

  it('reports the lines that hold no phone number, by line number', () => {
    expect(parseSuppressionFile('11987654321\nabc\n123\n21998765432')).toEqual({
      numbers: ['11987654321', '21998765432'],
      invalidLines: [2, 3],
    });
  });

  it('refuses a file over the line limit', () => {
    expect(parseSuppressionFile('1\n'.repeat(200_001))).toEqual({ error: 'O arquivo tem mais de 200000 linhas.' });
  });
});
