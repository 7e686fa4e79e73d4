import { ApiError } from '../http/errors';
import { imageTypeOf, readAttachment } from './attachment';

const PNG_START = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00];
const dataUrl = (bytes: number[] | Buffer, type = 'image/png') => `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;

/** The status and text `readAttachment` refuses with. */
function refusal(value: string): { status: number; text: string } {
  try {
    readAttachment(value);
  } catch (error) {
    if (error instanceof ApiError) return { status: error.statusCode, text: error.message };
    throw error;
  }
  throw new Error('accepted');
}

describe('imageTypeOf (by magic bytes)', () => {
  it('knows PNG and JPEG (JFIF, Exif) and nothing else', () => {
    expect(imageTypeOf(Uint8Array.from(PNG_START))).toBe('image/png');
    expect(imageTypeOf(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00]))).toBe('image/jpeg');
    expect(imageTypeOf(Uint8Array.from([0xff, 0xd8, 0xff, 0xe1, 0x00]))).toBe('image/jpeg');
    expect(imageTypeOf(Uint8Array.from([0x47, 0x49, 0x46, 0x38, 0x39, 0x61]))).toBeNull(); // GIF89a
    expect(imageTypeOf(Buffer.from('%PDF-1.7'))).toBeNull();
    expect(imageTypeOf(Uint8Array.from(PNG_START.slice(0, 8)))).toBeNull(); // a signature with nothing after it
  });
});

describe('readAttachment', () => {
  it('takes no attachment as none', () => {
    expect(readAttachment(undefined)).toBeNull();
    expect(readAttachment(null)).toBeNull();
    expect(readAttachment('')).toBeNull();
  });

  it('keeps the type the bytes are, not the one the data URL declares', () => {
    expect(readAttachment(dataUrl([0xff, 0xd8, 0xff, 0xdb, 0x00], 'image/png'))).toEqual({
      bytes: Buffer.from([0xff, 0xd8, 0xff, 0xdb, 0x00]),
      type: 'image/jpeg',
    });
  });

  it('refuses text, garbage base64 and what is no data URL (400)', () => {
    const invalid = { status: 400, text: 'Anexo inválido: envie uma imagem PNG ou JPEG.' };
    expect(refusal(dataUrl(Buffer.from('Nome;CPF\n')))).toEqual(invalid);
    expect(refusal('data:image/png;base64,iVBORw0K*GgoA')).toEqual(invalid);
    expect(refusal('foto.png')).toEqual(invalid);
  });

  it('refuses more than 5 MB (413), counting decoded bytes', () => {
    const exactly = Buffer.alloc(5 * 1024 * 1024);
    Buffer.from(PNG_START).copy(exactly);
    expect(readAttachment(dataUrl(exactly))?.type).toBe('image/png');
    const over = Buffer.alloc(5 * 1024 * 1024 + 1);
    Buffer.from(PNG_START).copy(over);
    expect(refusal(dataUrl(over))).toEqual({ status: 413, text: 'O anexo passa de 5 MB.' });
  });
});
