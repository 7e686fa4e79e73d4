/**
 * rtpengine's pcap of a call → a WAV a browser plays: 16-bit PCM, 8000 Hz, stereo, each party on its own
 * channel (left: the first to send audio; right: the other), aligned in time.
 *
 * Two passes over the pcap, never the call's audio in memory: the first counts each sender's packets (to pick
 * the two parties) and works out where every packet lands, so the WAV's length is known before its first
 * byte; the second decodes and streams the WAV through a window of a few seconds, in order. A four-hour call
 * is ~460 MB of WAV and ~300 MB of pcap; either pass holds only the window and one batch of packets.
 *
 * Where a packet's samples go: each sender's stream is placed by its RTP timestamps (8000 a second), counted
 * from its first packet, which lands at that packet's capture time; a new SSRC from the same sender starts
 * again at its own first packet's capture time. So a party who starts speaking late starts late in the file,
 * pauses (no packets) are silence, and a timestamp that wraps past 2^32 carries on. A stream whose timestamps
 * stray more than RESYNC_SECONDS from the capture clock (a sender that jumped its clock) is re-anchored there.
 */
import { createWriteStream } from 'node:fs';
import { endianness } from 'node:os';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ALAW_TO_LINEAR, ULAW_TO_LINEAR } from './g711';
import { readPcap } from './pcap';
import { audioPacketOf, PAYLOAD_TYPE, type AudioPacket } from './rtp';

export const SAMPLE_RATE = 8000;
const CHANNELS = 2;
const BYTES_PER_FRAME = CHANNELS * 2;
export const WAV_HEADER_BYTES = 44;
/** Microseconds per sample at 8000 Hz. */
const US_PER_FRAME = 1_000_000 / SAMPLE_RATE;
const RESYNC_SECONDS = 5;
const RESYNC_FRAMES = RESYNC_SECONDS * SAMPLE_RATE;
/**
 * Frames held while rendering. Every packet lands within RESYNC_FRAMES of its capture time, and packets are
 * captured in order, so a window over twice that never has to drop a late packet: 12 s is 384 KB.
 */
const WINDOW_FRAMES = 12 * SAMPLE_RATE;
/** A pcap of rtpengine has one sender a party; more than this is not a call, and is not tracked. */
const MAX_SENDERS = 64;
/** SSRCs remembered per sender (a long call changes SSRC a few times; this bounds a sender that never stops). */
const MAX_SEGMENTS = 256;
/** The RIFF sizes are 32-bit: about 37 hours of this WAV. */
const MAX_WAV_BYTES = 0xffffffff;

/** The pcap has no G.711 audio at all (a call without media, or only DTMF and RTCP). Permanent. */
export class NoAudioError extends Error {
  override name = 'NoAudioError';
  constructor() {
    super('O pcap não tem áudio RTP G.711 (PCMU ou PCMA).');
  }
}

interface Segment {
  lastTimestamp: number;
  /** The RTP timestamp unwrapped past 2^32: a plain number that keeps growing. */
  lastExtended: number;
  baseExtended: number;
  /** Absolute frame (8000 a second since the epoch) of the timestamp baseExtended. */
  baseFrame: number;
}

/** Where one sender's packets go, in absolute frames. Both passes run it on the same packets, so they agree. */
class SenderTimeline {
  private readonly segments = new Map<number, Segment>();

  place(packet: AudioPacket, timeUs: number): number {
    const captured = Math.round(timeUs / US_PER_FRAME);
    const segment = this.segments.get(packet.ssrc);
    if (!segment) {
      if (this.segments.size >= MAX_SEGMENTS) this.segments.delete(this.segments.keys().next().value!);
      this.segments.set(packet.ssrc, {
        lastTimestamp: packet.timestamp,
        lastExtended: packet.timestamp,
        baseExtended: packet.timestamp,
        baseFrame: captured,
      });
      return captured;
    }
    // The signed 32-bit difference: right across a wrap-around, and for a packet that arrived out of order.
    const extended = segment.lastExtended + ((packet.timestamp - segment.lastTimestamp) | 0);
    segment.lastTimestamp = packet.timestamp;
    segment.lastExtended = extended;
    const frame = segment.baseFrame + (extended - segment.baseExtended);
    if (Math.abs(frame - captured) <= RESYNC_FRAMES) return frame;
    segment.baseExtended = extended;
    segment.baseFrame = captured;
    return captured;
  }
}

interface Sender {
  source: string;
  packets: number;
  firstUs: number;
  timeline: SenderTimeline;
  /** One past the last absolute frame it fills. */
  endFrame: number;
}

interface Plan {
  /** The left and (when there is one) the right channel's sender. */
  channels: string[];
  /** Absolute frame of the WAV's first sample: the first audio packet of either party. */
  originFrame: number;
  frames: number;
}

type Options = { signal?: AbortSignal };

/** First pass: who the parties are and how long the WAV is. */
async function plan(pcapPath: string, options: Options): Promise<Plan> {
  const { linkType, batches } = await readPcap(pcapPath, options);
  const senders = new Map<string, Sender>();
  for await (const batch of batches) {
    for (const record of batch) {
      const packet = audioPacketOf(record.data, linkType);
      if (!packet) continue;
      let sender = senders.get(packet.source);
      if (!sender) {
        if (senders.size >= MAX_SENDERS) continue;
        sender = { source: packet.source, packets: 0, firstUs: record.timeUs, timeline: new SenderTimeline(), endFrame: 0 };
        senders.set(packet.source, sender);
      }
      sender.packets += 1;
      sender.endFrame = Math.max(sender.endFrame, sender.timeline.place(packet, record.timeUs) + packet.payload.length);
    }
  }
  // The two that sent the most (a third is a leftover: an early media path, a re-INVITE's old address), left first.
  const parties = [...senders.values()]
    .sort((a, b) => b.packets - a.packets || a.firstUs - b.firstUs)
    .slice(0, CHANNELS)
    .sort((a, b) => a.firstUs - b.firstUs);
  if (parties.length === 0) throw new NoAudioError();
  const originFrame = Math.round(parties[0].firstUs / US_PER_FRAME);
  const frames = Math.max(0, ...parties.map((party) => party.endFrame - originFrame));
  if (WAV_HEADER_BYTES + frames * BYTES_PER_FRAME > MAX_WAV_BYTES)
    throw new Error('Gravação longa demais para um arquivo WAV (mais de 37 horas).');
  return { channels: parties.map((party) => party.source), originFrame, frames };
}

function wavHeader(frames: number): Buffer {
  const dataBytes = frames * BYTES_PER_FRAME;
  const header = Buffer.alloc(WAV_HEADER_BYTES);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(CHANNELS, 22);
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * BYTES_PER_FRAME, 28); // bytes a second
  header.writeUInt16LE(BYTES_PER_FRAME, 32); // block align
  header.writeUInt16LE(16, 34); // bits a sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

const LITTLE_ENDIAN = endianness() === 'LE';
const SILENCE = Buffer.alloc(64 * 1024);

/** A copy of the samples as WAV bytes (little-endian whatever the machine). */
function pcmBytes(samples: Int16Array): Buffer {
  const bytes = Buffer.from(Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength));
  return LITTLE_ENDIAN ? bytes : bytes.swap16();
}

/**
 * The last WINDOW_FRAMES of stereo samples not yet written. Packets write into it; frames falling out of it
 * become WAV bytes in order; a stretch nobody spoke in becomes a count of silent frames, never a buffer.
 */
class RenderWindow {
  private readonly ring = new Int16Array(WINDOW_FRAMES * CHANNELS);
  /** Frames before this are out. */
  private flushed = 0;
  private readonly ready: (Buffer | number)[] = [];

  constructor(private readonly frames: number) {}

  write(frame: number, channel: number, decode: Int16Array, payload: Buffer): void {
    const end = Math.min(frame + payload.length, this.frames);
    if (end - this.flushed > WINDOW_FRAMES) this.flushTo(end - WINDOW_FRAMES);
    // Anything before `flushed` is already written: a packet that late is dropped (see WINDOW_FRAMES).
    for (let i = Math.max(0, this.flushed - frame); frame + i < end; i += 1) {
      this.ring[((frame + i) % WINDOW_FRAMES) * CHANNELS + channel] = decode[payload[i]];
    }
  }

  flushTo(target: number): void {
    const end = Math.min(target, this.frames);
    const ringEnd = Math.min(end, this.flushed + WINDOW_FRAMES);
    while (this.flushed < ringEnd) {
      const slot = this.flushed % WINDOW_FRAMES;
      const count = Math.min(ringEnd - this.flushed, WINDOW_FRAMES - slot);
      const samples = this.ring.subarray(slot * CHANNELS, (slot + count) * CHANNELS);
      this.ready.push(pcmBytes(samples));
      samples.fill(0);
      this.flushed += count;
    }
    // Past a whole window the ring is all zeros: the rest is silence.
    if (end > this.flushed) {
      this.ready.push(end - this.flushed);
      this.flushed = end;
    }
  }

  *drain(): Generator<Buffer> {
    for (const item of this.ready.splice(0)) {
      if (typeof item !== 'number') {
        yield item;
        continue;
      }
      for (let bytes = item * BYTES_PER_FRAME; bytes > 0; bytes -= SILENCE.length)
        yield SILENCE.subarray(0, Math.min(bytes, SILENCE.length));
    }
  }
}

/** Second pass: the WAV's bytes, header first. */
async function* render(pcapPath: string, { channels, originFrame, frames }: Plan, options: Options): AsyncGenerator<Buffer> {
  yield wavHeader(frames);
  const { linkType, batches } = await readPcap(pcapPath, options);
  const lanes = new Map(channels.map((source, channel) => [source, { channel, timeline: new SenderTimeline() }]));
  const window = new RenderWindow(frames);
  for await (const batch of batches) {
    for (const record of batch) {
      const packet = audioPacketOf(record.data, linkType);
      const lane = packet && lanes.get(packet.source);
      if (!packet || !lane) continue;
      const frame = lane.timeline.place(packet, record.timeUs) - originFrame;
      window.write(frame, lane.channel, packet.payloadType === PAYLOAD_TYPE.PCMU ? ULAW_TO_LINEAR : ALAW_TO_LINEAR, packet.payload);
    }
    yield* window.drain();
  }
  window.flushTo(frames);
  yield* window.drain();
}

export interface WavConversion {
  /** The WAV's size, header included. */
  bytes: number;
  seconds: number;
  /** The WAV's bytes, read from the pcap as they are consumed (call once). */
  stream(): Readable;
}

/**
 * Reads the pcap once to size the WAV; `stream()` then reads it again to produce the bytes. Throws NoAudioError
 * for a pcap without G.711 audio and PcapFormatError for a file that is not rtpengine's pcap.
 */
export async function openPcapAsWav(pcapPath: string, options: Options = {}): Promise<WavConversion> {
  const planned = await plan(pcapPath, options);
  return {
    bytes: WAV_HEADER_BYTES + planned.frames * BYTES_PER_FRAME,
    seconds: planned.frames / SAMPLE_RATE,
    stream: () => Readable.from(render(pcapPath, planned, options), { objectMode: false }),
  };
}

/** The pcap as a WAV file at `wavPath`. */
export async function pcapToWav(pcapPath: string, wavPath: string, options: Options = {}): Promise<{ bytes: number; seconds: number }> {
  const wav = await openPcapAsWav(pcapPath, options);
  await pipeline(wav.stream(), createWriteStream(wavPath));
  return { bytes: wav.bytes, seconds: wav.seconds };
}
