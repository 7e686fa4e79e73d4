import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { createLocalRecordingStorage, recordingKey } from './storage';

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'recording-storage-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('local recording storage', () => {
  it('keys recordings by company, São Paulo day and call', () => {
    expect(recordingKey(1, '2026-11-26', 42)).toBe('1/2026-11-26/42.wav');
  });

  it('stores a file or a stream, tells its size, reads it whole or a range, deletes it', async () => {
    const storage = createLocalRecordingStorage(join(dir, 'gravacoes'));
    const source = join(dir, 'source.wav');
    writeFileSync(source, '0123456789');
    expect(await storage.put('1/2026-11-26/42.wav', source)).toEqual({ bytes: 10 });
    expect(existsSync(source)).toBe(true);
    expect(await storage.put('1/2026-11-26/43.wav', Readable.from([Buffer.from('abc'), Buffer.from('def')]))).toEqual({ bytes: 6 });

    expect(await storage.size('1/2026-11-26/42.wav')).toBe(10);
    expect(await text(await storage.read('1/2026-11-26/42.wav'))).toBe('0123456789');
    expect(await text(await storage.read('1/2026-11-26/42.wav', { start: 2, end: 4 }))).toBe('234');
    expect(await text(await storage.read('1/2026-11-26/43.wav'))).toBe('abcdef');
    // No temporary file is left behind.
    expect(readdirSync(join(dir, 'gravacoes', '.tmp'))).toEqual([]);

    await storage.delete('1/2026-11-26/42.wav');
    await storage.delete('1/2026-11-26/42.wav');
    expect(await storage.size('1/2026-11-26/42.wav')).toBeUndefined();
    await expect(storage.read('1/2026-11-26/42.wav')).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('replaces a recording atomically and leaves nothing when the source fails', async () => {
    const storage = createLocalRecordingStorage(dir);
    await storage.put('2/2026-01-01/1.wav', Readable.from([Buffer.from('old')]));
    const failing = new Readable({
      read() {
        this.push(Buffer.from('partial'));
        this.destroy(new Error('conversão interrompida'));
      },
    });
    await expect(storage.put('2/2026-01-01/1.wav', failing)).rejects.toThrow('conversão interrompida');
    expect(await text(await storage.read('2/2026-01-01/1.wav'))).toBe('old');
    expect(readdirSync(join(dir, '.tmp'))).toEqual([]);
  });

  it('refuses keys that would leave its folder', async () => {
    const storage = createLocalRecordingStorage(dir);
    for (const key of ['../x.wav', '1/../../x.wav', '/etc/passwd', '1//x.wav', '.tmp/x', '']) {
      await expect(storage.size(key)).rejects.toThrow('Chave de gravação inválida');
    }
  });
});
