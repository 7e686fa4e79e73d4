import { ApiError } from '../http/errors';
import { decodeDataUrlWithin } from './dataUrl';
import { decodeDataUrlInSlices, encodeBase64InSlices } from './dataUrlInSlices';
import { timeSlices } from './timeSlices';

const TEXTS = { malformed: 'inválido', tooBig: 'grande' };
const MAX = 2 * 1024 * 1024;

/** What decodeDataUrlWithin answers: the bytes, or the refusal's status and text. */
function atOnce(dataUrl: string, maxBytes = MAX) {
  try {
    return { bytes: decodeDataUrlWithin(dataUrl, maxBytes, TEXTS).toString('hex') };
  } catch (error) {
    return { status: (error as ApiError).statusCode, text: (error as ApiError).message };
  }
}

async function inSlices(pieces: string[], maxBytes = MAX) {
  try {
    return { bytes: (await decodeDataUrlInSlices(pieces, maxBytes, TEXTS, timeSlices())).toString('hex') };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { status: error.statusCode, text: error.message };
  }
}

/** The data URL cut in `count` pieces of about the same length. */
const cut = (text: string, count: number) => {
  const size = Math.ceil(text.length / count) || 1;
  const pieces: string[] = [];
  for (let from = 0; from < text.length; from += size) pieces.push(text.slice(from, from + size));
  return pieces.length > 0 ? pieces : [''];
};

const big = Buffer.from(Array.from({ length: 700_000 }, (_, i) => (i * 7919) % 256));

const URLS = [
  `data:text/csv;base64,${Buffer.from('CPF;Nome\n1;Ana').toString('base64')}`,
  'data:text/csv;base64,QQ',
  'data:text/csv;base64,QUI',
  'data:text/csv;base64,QUJD',
  'data:text/csv;base64,Q',
  'data:text/csv;base64,QU=D',
  'data:text/csv;base64,não é base64!',
  'data:text/csv;base64,',
  'data:text/csv;charset=utf-8,CPF%3BNome%0A1%3BJo%C3%A3o',
  'data:,José%20%F0%9F%98%80 fim',
  'data:,quebrado%E0%A4',
  'data:,%ZZ',
  'CPF;Nome',
  'data:text/csv;base64',
  `data:text/csv;base64,${big.toString('base64')}`,
  `data:text/csv;base64,${big.toString('base64').replace(/=+$/, '')}`,
  `data:,${encodeURIComponent(big.toString('latin1'))}`,
];

describe('decodeDataUrlInSlices', () => {
  it('answers what decodeDataUrlWithin answers, however the URL is cut', async () => {
    for (const url of URLS) {
      const expected = atOnce(url);
      for (const count of [1, 2, 3, 7, 50])
        expect({ url: url.slice(0, 40), count, answer: await inSlices(cut(url, count)) }).toEqual({
          url: url.slice(0, 40),
          count,
          answer: expected,
        });
    }
  });

  it('refuses a file over the limit as too big, judged before decoding when the text is too long', async () => {
    const url = `data:text/csv;base64,${big.toString('base64')}`;
    expect(await inSlices(cut(url, 5), 100_000)).toEqual({ status: 413, text: 'grande' });
    expect(await inSlices([`data:,${'a'.repeat(500)}`], 100)).toEqual(atOnce(`data:,${'a'.repeat(500)}`, 100));
  });
});

describe('encodeBase64InSlices', () => {
  it('is the bytes as base64', async () => {
    for (const size of [0, 1, 2, 3, 768 * 1024 - 1, 768 * 1024, 768 * 1024 + 1, 700_000]) {
      const bytes = big.length >= size ? big.subarray(0, size) : Buffer.concat([big, big]).subarray(0, size);
      expect(await encodeBase64InSlices(bytes, timeSlices())).toBe(bytes.toString('base64'));
    }
  });
});
