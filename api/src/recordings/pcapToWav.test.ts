import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  firstLoud,
  ipv4UdpFrame,
  pcapOf,
  PCMA,
  PCMU,
  readWav,
  rms,
  rtpBytes,
  rtpStream,
  type PcapOptions,
  type RtpPacketSpec,
} from '../../test/syntheticPcap';
import { PcapFormatError } from './pcap';
import { NoAudioError, pcapToWav } from './pcapToWav';

let dir: string;
beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'pcap-to-wav-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const T0 = Date.UTC(2026, 10, 26, 21, 6, 41) * 1000; // µs
const ATTENDANT = { address: '127.0.0.1', port: 40000 };
const CLIENT = { address: '203.0.113.7', port: 16384 };

let count = 0;
async function convert(bytes: Buffer) {
  count += 1;
  const pcap = join(dir, `call-${count}.pcap`);
  const wav = join(dir, `call-${count}.wav`);
  writeFileSync(pcap, bytes);
  const result = await pcapToWav(pcap, wav);
  const file = readFileSync(wav);
  expect(result.bytes).toBe(file.length);
  return { ...result, wav: readWav(file) };
}

const sorted = (...streams: RtpPacketSpec[][]) => streams.flat().sort((a, b) => a.timeUs - b.timeUs);

describe('pcapToWav', () => {
  it('puts each party on its own channel: the first to speak on the left', async () => {
    const tone = rtpStream({
      from: ATTENDANT,
      ssrc: 0x1111,
      startUs: T0,
      seconds: 2,
      frequency: 440,
      payloadType: PCMU,
      firstTimestamp: 123456,
    });
    const silence = rtpStream({
      from: CLIENT,
      ssrc: 0x2222,
      startUs: T0 + 5000,
      seconds: 2,
      frequency: 0,
      payloadType: PCMA,
      firstTimestamp: 987,
    });
    const { wav, seconds, bytes } = await convert(pcapOf(sorted(tone, silence)));

    expect(wav).toMatchObject({ format: 1, channels: 2, sampleRate: 8000, bitsPerSample: 16 });
    // 2 s of the tone, the client's last packet 5 ms later.
    expect(wav.frames).toBe(16000 + 40);
    expect(seconds).toBeCloseTo(2.005, 3);
    expect(bytes).toBe(44 + wav.frames * 4);
    expect(rms(wav.left)).toBeGreaterThan(5000); // 8000 × √½ ≈ 5657
    expect(Math.max(...wav.right.map(Math.abs))).toBeLessThanOrEqual(8); // A-law silence decodes to ±8
    // 440 Hz: 880 zero crossings a second.
    let crossings = 0;
    for (let i = 1; i < 8000; i += 1) if (Math.sign(wav.left[i]) !== Math.sign(wav.left[i - 1]) && wav.left[i] !== 0) crossings += 1;
    expect(crossings).toBeGreaterThanOrEqual(878);
    expect(crossings).toBeLessThanOrEqual(882);
  });

  it('puts the tone on the right when the silent party sent first', async () => {
    const silence = rtpStream({ from: CLIENT, ssrc: 2, startUs: T0, seconds: 1, frequency: 0 });
    const tone = rtpStream({ from: ATTENDANT, ssrc: 1, startUs: T0 + 10_000, seconds: 1, frequency: 440 });
    const { wav } = await convert(pcapOf(sorted(silence, tone)));
    expect(rms(wav.right)).toBeGreaterThan(5000);
    expect(rms(wav.left)).toBe(0);
  });

  it('starts a stream that joins late at its first packet’s time, whatever its timestamps', async () => {
    const early = rtpStream({ from: ATTENDANT, ssrc: 1, startUs: T0, seconds: 3, frequency: 300, firstTimestamp: 50 });
    const late = rtpStream({ from: CLIENT, ssrc: 2, startUs: T0 + 1_500_000, seconds: 1.5, frequency: 440, firstTimestamp: 3_000_000_000 });
    const { wav, seconds } = await convert(pcapOf(sorted(early, late)));
    expect(seconds).toBe(3);
    expect(firstLoud(wav.left, 100)).toBeLessThan(5);
    const start = firstLoud(wav.right, 100);
    expect(start).toBeGreaterThanOrEqual(12_000);
    expect(start).toBeLessThan(12_010);
    expect(rms(wav.right, 0, 12_000)).toBe(0);
  });

  it('keeps placing by RTP timestamp through capture jitter', async () => {
    // Every other packet captured 15 ms late: the audio still lands where its timestamp says.
    const jittery = rtpStream({ from: ATTENDANT, ssrc: 1, startUs: T0, seconds: 1, frequency: 440, jitterUs: (i) => (i % 2) * 15_000 });
    const clean = rtpStream({ from: ATTENDANT, ssrc: 1, startUs: T0, seconds: 1, frequency: 440 });
    const a = await convert(pcapOf(sorted(jittery)));
    const b = await convert(pcapOf(sorted(clean)));
    expect(Array.from(a.wav.left)).toEqual(Array.from(b.wav.left));
  });

  it('follows the RTP timestamp across its wrap-around', async () => {
    const stream = rtpStream({ from: ATTENDANT, ssrc: 1, startUs: T0, seconds: 2, frequency: 440, firstTimestamp: 2 ** 32 - 800 });
    const { wav } = await convert(pcapOf(stream));
    expect(wav.frames).toBe(16_000);
    // No hole and no jump: every 20 ms block is tone.
    for (let block = 0; block < 100; block += 1) expect(rms(wav.left, block * 160, block * 160 + 160)).toBeGreaterThan(4000);
  });

  it('continues a new SSRC from the same sender at its packet time', async () => {
    const first = rtpStream({ from: ATTENDANT, ssrc: 1, startUs: T0, seconds: 1, frequency: 440, firstTimestamp: 10_000 });
    const second = rtpStream({
      from: ATTENDANT,
      ssrc: 99,
      startUs: T0 + 1_000_000,
      seconds: 1,
      frequency: 440,
      firstTimestamp: 4_000_000_000,
    });
    const { wav } = await convert(pcapOf(sorted(first, second)));
    expect(wav.frames).toBe(16_000);
    for (let block = 0; block < 100; block += 1) expect(rms(wav.left, block * 160, block * 160 + 160)).toBeGreaterThan(4000);
  });

  it('fills a pause in the packets with silence', async () => {
    const before = rtpStream({ from: ATTENDANT, ssrc: 1, startUs: T0, seconds: 1, frequency: 440, firstTimestamp: 0 });
    const after = rtpStream({ from: ATTENDANT, ssrc: 1, startUs: T0 + 61_000_000, seconds: 1, frequency: 440, firstTimestamp: 61 * 8000 });
    const { wav, seconds } = await convert(pcapOf(sorted(before, after)));
    expect(seconds).toBe(62);
    expect(rms(wav.left, 8000, 61 * 8000)).toBe(0);
    expect(rms(wav.left, 61 * 8000, 62 * 8000)).toBeGreaterThan(5000);
  });

  it('re-anchors a stream whose timestamps leap away from the capture clock', async () => {
    const before = rtpStream({ from: ATTENDANT, ssrc: 1, startUs: T0, seconds: 1, frequency: 440, firstTimestamp: 0 });
    // Same SSRC, timestamps an hour ahead: placed at its capture time instead of an hour of silence.
    const after = rtpStream({ from: ATTENDANT, ssrc: 1, startUs: T0 + 1_000_000, seconds: 1, frequency: 440, firstTimestamp: 3600 * 8000 });
    const { seconds } = await convert(pcapOf(sorted(before, after)));
    expect(seconds).toBe(2);
  });

  it('keeps the two senders with most packets when there are more', async () => {
    const stray = rtpStream({
      from: { address: '198.51.100.1', port: 5004 },
      ssrc: 3,
      startUs: T0 - 500_000,
      seconds: 0.2,
      frequency: 1000,
    });
    const attendant = rtpStream({ from: ATTENDANT, ssrc: 1, startUs: T0, seconds: 1, frequency: 440 });
    const client = rtpStream({ from: CLIENT, ssrc: 2, startUs: T0 + 20_000, seconds: 1, frequency: 0 });
    const { wav, seconds } = await convert(pcapOf(sorted(stray, attendant, client)));
    expect(seconds).toBeCloseTo(1.02, 3);
    expect(rms(wav.left)).toBeGreaterThan(5000);
    expect(rms(wav.right)).toBe(0);
  });

  it('ignores RTCP, DTMF and comfort noise', async () => {
    const tone = rtpStream({ from: ATTENDANT, ssrc: 1, startUs: T0, seconds: 1, frequency: 440 });
    const rtcp = Buffer.from([0x80, 200, 0, 6, ...Array(24).fill(0)]);
    const dtmf = rtpBytes({ ssrc: 1, sequence: 7, timestamp: 1000, payloadType: 101, payload: Buffer.from([1, 0x8a, 0, 160]) });
    const noise = rtpBytes({ ssrc: 1, sequence: 8, timestamp: 1000, payloadType: 13, payload: Buffer.from([40]) });
    const extra = [rtcp, dtmf, noise].map((bytes, i) => ({ timeUs: T0 + 5_000_000 + i, frame: ipv4UdpFrame(CLIENT, bytes) }));
    const { seconds, wav } = await convert(pcapOf(tone, {}, extra));
    expect(seconds).toBe(1);
    expect(rms(wav.right)).toBe(0);
  });

  it.each<[string, PcapOptions]>([
    ['big-endian', { bigEndian: true }],
    ['nanosecond', { nanoseconds: true }],
    ['big-endian nanosecond', { bigEndian: true, nanoseconds: true }],
  ])('reads %s pcaps', async (_name, options) => {
    const streams = sorted(
      rtpStream({ from: ATTENDANT, ssrc: 1, startUs: T0, seconds: 1, frequency: 440 }),
      rtpStream({ from: CLIENT, ssrc: 2, startUs: T0 + 250_000, seconds: 1, frequency: 440 }),
    );
    const plain = await convert(pcapOf(streams));
    const other = await convert(pcapOf(streams, options));
    expect(other.seconds).toBe(1.25);
    expect(Buffer.from(other.wav.right.buffer)).toEqual(Buffer.from(plain.wav.right.buffer));
  });

  it('converts what is there when the last record was cut short', async () => {
    const whole = pcapOf(rtpStream({ from: ATTENDANT, ssrc: 1, startUs: T0, seconds: 1, frequency: 440 }));
    const { seconds } = await convert(whole.subarray(0, whole.length - 50));
    expect(seconds).toBe(0.98);
  });

  it('refuses a pcap with no RTP audio', async () => {
    const rtcpOnly = pcapOf([], {}, [{ timeUs: T0, frame: ipv4UdpFrame(CLIENT, Buffer.from([0x80, 201, 0, 1, 0, 0, 0, 1])) }]);
    await expect(convert(rtcpOnly)).rejects.toThrow(NoAudioError);
    await expect(convert(pcapOf([]))).rejects.toThrow('O pcap não tem áudio RTP G.711 (PCMU ou PCMA).');
  });

  it('refuses what is not a pcap', async () => {
    await expect(convert(Buffer.from('RIFF not a pcap at all, longer than a header'))).rejects.toThrow(PcapFormatError);
    await expect(convert(Buffer.alloc(10))).rejects.toThrow(PcapFormatError);
  });
});
