import { mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findSpoolRecordings, removeSpoolRecording, rtpengineEscape, SpoolError } from './spool';

let spool: string;
beforeEach(() => {
  spool = mkdtempSync(join(tmpdir(), 'rtpengine-spool-'));
  for (const folder of ['metadata', 'pcaps', 'tmp']) mkdirSync(join(spool, folder));
});
afterEach(() => rmSync(spool, { recursive: true, force: true }));

/** What rtpengine leaves when a call ends; returns the paths. */
function finished(escapedCallId: string, random = '0123456789abcdef', pcapPath = join(spool, 'pcaps', `${escapedCallId}-${random}.pcap`)) {
  writeFileSync(pcapPath, 'pcap');
  const metadataPath = join(spool, 'metadata', `rtpengine-meta-${escapedCallId}-${random}.txt`);
  writeFileSync(metadataPath, `${pcapPath}\n\nTimestamp started ms: 1795727201745.148\nSDP mode: offer\n\nv=0\n`);
  return { metadataPath, pcapPath };
}

describe('rtpengine spool', () => {
  it('escapes a Call-ID as rtpengine names its files (g_uri_escape_string)', () => {
    expect(rtpengineEscape('a84b4c76e66710@pc33.atlanta.com')).toBe('a84b4c76e66710%40pc33.atlanta.com');
    expect(rtpengineEscape("x-y_z.~!*'() /:")).toBe('x-y_z.~%21%2A%27%28%29%20%2F%3A');
    expect(rtpengineEscape('chamada-ção')).toBe('chamada-%C3%A7%C3%A3o');
    expect(rtpengineEscape('../../etc/passwd')).toBe('..%2F..%2Fetc%2Fpasswd');
  });

  it('finds the finished recording of a call by its escaped Call-ID, and not another call’s', async () => {
    const mine = finished('abc%40host');
    finished('abc%40host-2', 'fedcba9876543210');
    writeFileSync(join(spool, 'metadata', 'rtpengine-meta-abc%40host-0123.txt'), '/x\n');
    writeFileSync(join(spool, 'tmp', 'rtpengine-meta-abc%40host-1111111111111111.tmp'), '/x\n');
    expect(await findSpoolRecordings(spool, 'abc@host')).toEqual([mine]);
    expect(await findSpoolRecordings(spool, 'abc@hos')).toEqual([]);
    expect(await findSpoolRecordings(spool, 'unknown')).toEqual([]);
  });

  it('treats glob and path characters in the Call-ID as plain text', async () => {
    finished('abc%40host');
    for (const callId of ['*', 'abc*', '../metadata/abc@host', 'abc@host/..', '?', '[a-z]*']) {
      expect(await findSpoolRecordings(spool, callId)).toEqual([]);
    }
    const odd = finished(rtpengineEscape('../a*b?[c]/d'));
    expect(await findSpoolRecordings(spool, '../a*b?[c]/d')).toEqual([odd]);
  });

  it('lists several recordings of one call newest first', async () => {
    const older = finished('call', '1111111111111111');
    const newer = finished('call', '2222222222222222');
    utimesSync(older.metadataPath, new Date(2026, 0, 1), new Date(2026, 0, 1));
    expect(await findSpoolRecordings(spool, 'call')).toEqual([newer, older]);
  });

  it('answers nothing while the metadata folder does not exist yet', async () => {
    rmSync(join(spool, 'metadata'), { recursive: true });
    expect(await findSpoolRecordings(spool, 'call')).toEqual([]);
  });

  it('refuses a pcap path outside the spool, also through a link', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'elsewhere-'));
    try {
      finished('call', '1111111111111111', join(outside, 'x.pcap'));
      await expect(findSpoolRecordings(spool, 'call')).rejects.toThrow(SpoolError);
      rmSync(join(spool, 'metadata'), { recursive: true });
      mkdirSync(join(spool, 'metadata'));
      symlinkSync(join(outside, 'x.pcap'), join(spool, 'pcaps', 'link.pcap'));
      const metadataPath = join(spool, 'metadata', 'rtpengine-meta-call-1111111111111111.txt');
      writeFileSync(metadataPath, `${join(spool, 'pcaps', 'link.pcap')}\n`);
      await expect(findSpoolRecordings(spool, 'call')).rejects.toThrow('não é um arquivo dentro da pasta de gravações');
      writeFileSync(metadataPath, 'pcaps/relative.pcap\n');
      await expect(findSpoolRecordings(spool, 'call')).rejects.toThrow('sem o caminho do pcap');
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('removes the pcap, then the metadata; a pcap already gone is no error', async () => {
    const recording = finished('call');
    await removeSpoolRecording(recording);
    expect(await findSpoolRecordings(spool, 'call')).toEqual([]);
    const second = finished('call');
    rmSync(second.pcapPath);
    expect(await findSpoolRecordings(spool, 'call')).toEqual([{ metadataPath: second.metadataPath, pcapPath: undefined }]);
    await removeSpoolRecording({ metadataPath: second.metadataPath, pcapPath: undefined });
    expect(await findSpoolRecordings(spool, 'call')).toEqual([]);
  });
});
