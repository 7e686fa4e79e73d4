/**
 * Synthetic rtpengine recordings for tests: pcap files of made-up IPv4/UDP/RTP packets (link type RAW, as
 * rtpengine's `--recording-format=raw` writes them), G.711 tones, and a WAV reader to check the result.
 */
import { ALAW_TO_LINEAR, ULAW_TO_LINEAR } from '../src/recordings/g711';

export const PCMU = 0;
export const PCMA = 8;
const LINKTYPE_RAW = 101;

export interface RtpPacketSpec {
  timeUs: number;
  from: { address: string; port: number };
  ssrc: number;
  sequence: number;
  timestamp: number;
  payloadType: number;
  payload: Buffer;
}

/** A captured frame: IPv4 header, UDP header, then `udpPayload`. */
export function ipv4UdpFrame(
  from: { address: string; port: number },
  udpPayload: Buffer,
  to = { address: '10.0.0.1', port: 30000 },
): Buffer {
  const ip = Buffer.alloc(20);
  ip[0] = 0x45;
  ip.writeUInt16BE(20 + 8 + udpPayload.length, 2);
  ip.writeUInt16BE(0x4000, 6); // don't fragment
  ip[8] = 64;
  ip[9] = 17;
  from.address.split('.').forEach((part, i) => (ip[12 + i] = Number(part)));
  to.address.split('.').forEach((part, i) => (ip[16 + i] = Number(part)));
  const udp = Buffer.alloc(8);
  udp.writeUInt16BE(from.port, 0);
  udp.writeUInt16BE(to.port, 2);
  udp.writeUInt16BE(8 + udpPayload.length, 4);
  return Buffer.concat([ip, udp, udpPayload]);
}

export function rtpBytes({ ssrc, sequence, timestamp, payloadType, payload }: Omit<RtpPacketSpec, 'timeUs' | 'from'>): Buffer {
  const header = Buffer.alloc(12);
  header[0] = 0x80;
  header[1] = payloadType & 0x7f;
  header.writeUInt16BE(sequence & 0xffff, 2);
  header.writeUInt32BE(timestamp >>> 0, 4);
  header.writeUInt32BE(ssrc >>> 0, 8);
  return Buffer.concat([header, payload]);
}

export interface PcapOptions {
  bigEndian?: boolean;
  nanoseconds?: boolean;
}

export function pcapHeader({ bigEndian = false, nanoseconds = false }: PcapOptions = {}): Buffer {
  const header = Buffer.alloc(24);
  const u32 = (value: number, at: number) => (bigEndian ? header.writeUInt32BE(value, at) : header.writeUInt32LE(value, at));
  const u16 = (value: number, at: number) => (bigEndian ? header.writeUInt16BE(value, at) : header.writeUInt16LE(value, at));
  u32(nanoseconds ? 0xa1b23c4d : 0xa1b2c3d4, 0);
  u16(2, 4);
  u16(4, 6);
  u32(65535, 16);
  u32(LINKTYPE_RAW, 20);
  return header;
}

export function pcapRecord(timeUs: number, frame: Buffer, { bigEndian = false, nanoseconds = false }: PcapOptions = {}): Buffer {
  const header = Buffer.alloc(16);
  const u32 = (value: number, at: number) => (bigEndian ? header.writeUInt32BE(value, at) : header.writeUInt32LE(value, at));
  const fraction = timeUs % 1_000_000;
  u32(Math.floor(timeUs / 1_000_000), 0);
  u32(nanoseconds ? fraction * 1000 : fraction, 4);
  u32(frame.length, 8);
  u32(frame.length, 12);
  return Buffer.concat([header, frame]);
}

/** A whole pcap of RTP packets (in the order given: sort them by time as a capture would be). */
export function pcapOf(packets: RtpPacketSpec[], options: PcapOptions = {}, extraFrames: { timeUs: number; frame: Buffer }[] = []): Buffer {
  const records = [
    ...packets.map((packet) => ({ timeUs: packet.timeUs, frame: ipv4UdpFrame(packet.from, rtpBytes(packet)) })),
    ...extraFrames,
  ].sort((a, b) => a.timeUs - b.timeUs);
  return Buffer.concat([pcapHeader(options), ...records.map((record) => pcapRecord(record.timeUs, record.frame, options))]);
}

/** The code word whose decoded value is nearest `sample` (G.711's encoder picks the same one). */
export function encodeG711(sample: number, payloadType: number): number {
  const table = payloadType === PCMA ? ALAW_TO_LINEAR : ULAW_TO_LINEAR;
  let best = 0;
  for (let code = 1; code < 256; code += 1) if (Math.abs(table[code] - sample) < Math.abs(table[best] - sample)) best = code;
  return best;
}

/** One second of a tone (or silence when frequency is 0), G.711-encoded: 8000 code words. */
export function encodedSecond(frequency: number, payloadType: number, amplitude = 8000): Buffer {
  const memo = new Map<number, number>();
  return Buffer.from(
    Array.from({ length: 8000 }, (_, i) => {
      const sample = Math.round(amplitude * Math.sin((2 * Math.PI * frequency * i) / 8000));
      if (!memo.has(sample)) memo.set(sample, encodeG711(sample, payloadType));
      return memo.get(sample)!;
    }),
  );
}

export interface StreamSpec {
  from: { address: string; port: number };
  ssrc: number;
  startUs: number;
  seconds: number;
  /** Hz; 0 for silence. */
  frequency: number;
  payloadType?: number;
  firstTimestamp?: number;
  /** Extra delay added to the capture time of each packet (jitter), by packet index. */
  jitterUs?: (index: number) => number;
}

/** 20 ms packets of 160 samples, timestamps advancing by 160. */
export function rtpStream({
  from,
  ssrc,
  startUs,
  seconds,
  frequency,
  payloadType = PCMU,
  firstTimestamp = 1000,
  jitterUs,
}: StreamSpec): RtpPacketSpec[] {
  const second = encodedSecond(frequency, payloadType);
  return Array.from({ length: Math.round(seconds * 50) }, (_, index) => {
    const offset = (index % 50) * 160;
    return {
      timeUs: startUs + index * 20_000 + (jitterUs?.(index) ?? 0),
      from,
      ssrc,
      sequence: index,
      timestamp: (firstTimestamp + index * 160) % 2 ** 32,
      payloadType,
      payload: second.subarray(offset, offset + 160),
    };
  });
}

export interface DecodedWav {
  format: number;
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  /** From the data chunk's size. */
  frames: number;
  left: Int16Array;
  right: Int16Array;
}

/** Reads a 44-byte-header PCM WAV (as pcapToWav writes them) into its two channels. */
export function readWav(bytes: Buffer): DecodedWav {
  if (bytes.toString('ascii', 0, 4) !== 'RIFF' || bytes.toString('ascii', 8, 12) !== 'WAVE') throw new Error('not a WAV');
  if (bytes.readUInt32LE(4) !== bytes.length - 8) throw new Error(`RIFF size ${bytes.readUInt32LE(4)} for ${bytes.length} bytes`);
  const channels = bytes.readUInt16LE(22);
  const dataBytes = bytes.readUInt32LE(40);
  const frames = dataBytes / (channels * 2);
  const left = new Int16Array(frames);
  const right = new Int16Array(frames);
  for (let frame = 0; frame < frames; frame += 1) {
    left[frame] = bytes.readInt16LE(44 + frame * 4);
    right[frame] = bytes.readInt16LE(44 + frame * 4 + 2);
  }
  return {
    format: bytes.readUInt16LE(20),
    channels,
    sampleRate: bytes.readUInt32LE(24),
    bitsPerSample: bytes.readUInt16LE(34),
    frames,
    left,
    right,
  };
}

/** Root mean square of samples [from, to). */
export function rms(samples: Int16Array, from = 0, to = samples.length): number {
  let sum = 0;
  for (let i = from; i < to; i += 1) sum += samples[i] * samples[i];
  return to > from ? Math.sqrt(sum / (to - from)) : 0;
}

/** The first frame whose sample is louder than `threshold`, or -1. */
export const firstLoud = (samples: Int16Array, threshold = 1000) => samples.findIndex((sample) => Math.abs(sample) > threshold);
