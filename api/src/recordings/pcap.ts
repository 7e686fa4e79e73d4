/**
 * Reading rtpengine's recordings: classic libpcap files (not pcapng) whose packets are the IP/UDP/RTP packets
 * rtpengine relayed, decrypted, with a made-up IP and UDP header naming the sender (daemon/recording.c,
 * `fake_ip_header`). Read as a stream, batch by batch: a call of several hours never sits in memory at once.
 */
import { createReadStream } from 'node:fs';

/** Anything in the file that is not what rtpengine writes. Permanent: reading the file again fails the same way. */
export class PcapFormatError extends Error {
  override name = 'PcapFormatError';
}

/** One captured packet: when (µs since the epoch) and its bytes from the link layer on. */
export interface PcapRecord {
  timeUs: number;
  data: Buffer;
}

const GLOBAL_HEADER_BYTES = 24;
const RECORD_HEADER_BYTES = 16;
const MAGIC_MICROSECONDS = 0xa1b2c3d4;
const MAGIC_NANOSECONDS = 0xa1b23c4d;
const MAGIC_PCAPNG = 0x0a0d0d0a;
/** libpcap's own ceiling for one packet: a larger length means a corrupt file, not a big packet. */
const MAX_RECORD_BYTES = 262_144;

/** Link types rtpengine writes: `--recording-format=raw` (an IP header first) and `eth` (a 14-byte Ethernet header). */
export const LINKTYPE = { ETHERNET: 1, RAW: 101, IPV4: 228, IPV6: 229 } as const;

interface Layout {
  littleEndian: boolean;
  nanoseconds: boolean;
  linkType: number;
}

function readLayout(header: Buffer): Layout {
  const little = header.readUInt32LE(0);
  const big = header.readUInt32BE(0);
  let layout: Omit<Layout, 'linkType'>;
  if (little === MAGIC_MICROSECONDS || little === MAGIC_NANOSECONDS)
    layout = { littleEndian: true, nanoseconds: little === MAGIC_NANOSECONDS };
  else if (big === MAGIC_MICROSECONDS || big === MAGIC_NANOSECONDS)
    layout = { littleEndian: false, nanoseconds: big === MAGIC_NANOSECONDS };
  else if (little === MAGIC_PCAPNG) throw new PcapFormatError('Arquivo pcapng não suportado: o rtpengine grava pcap clássico.');
  else throw new PcapFormatError('Arquivo não é um pcap (assinatura desconhecida).');
  // The upper bits of the link-type field may carry FCS information (pcap format, "LinkType and additional information").
  const linkType = (layout.littleEndian ? header.readUInt32LE(20) : header.readUInt32BE(20)) & 0xffff;
  if (!(Object.values(LINKTYPE) as number[]).includes(linkType))
    throw new PcapFormatError(`Tipo de enlace ${linkType} não suportado no pcap.`);
  return { ...layout, linkType };
}

export interface PcapReading {
  linkType: number;
  /** The records, a batch per chunk read from disk. */
  batches: AsyncGenerator<PcapRecord[]>;
}

/**
 * Opens a pcap and reads its global header. A last record cut short (rtpengine stopped mid-write) ends the
 * reading quietly: everything before it is good audio.
 */
export async function readPcap(path: string, options: { signal?: AbortSignal } = {}): Promise<PcapReading> {
  const chunks = createReadStream(path, { highWaterMark: 256 * 1024, signal: options.signal })[Symbol.asyncIterator]();
  let pending: Buffer = Buffer.alloc(0);
  while (pending.length < GLOBAL_HEADER_BYTES) {
    const next = await chunks.next();
    if (next.done) {
      await chunks.return?.();
      throw new PcapFormatError('Arquivo pcap vazio ou sem cabeçalho.');
    }
    pending = Buffer.concat([pending, next.value as Buffer]);
  }
  let layout: Layout;
  try {
    layout = readLayout(pending);
  } catch (error) {
    await chunks.return?.();
    throw error;
  }
  pending = pending.subarray(GLOBAL_HEADER_BYTES);
  const u32 = (buffer: Buffer, at: number) => (layout.littleEndian ? buffer.readUInt32LE(at) : buffer.readUInt32BE(at));

  async function* batches(): AsyncGenerator<PcapRecord[]> {
    try {
      let atEnd = false;
      while (!atEnd) {
        const records: PcapRecord[] = [];
        let offset = 0;
        while (pending.length - offset >= RECORD_HEADER_BYTES) {
          const captured = u32(pending, offset + 8);
          if (captured > MAX_RECORD_BYTES) throw new PcapFormatError(`Registro de ${captured} bytes no pcap: arquivo corrompido.`);
          if (pending.length - offset - RECORD_HEADER_BYTES < captured) break;
          const fraction = u32(pending, offset + 4);
          const timeUs = u32(pending, offset) * 1_000_000 + (layout.nanoseconds ? Math.floor(fraction / 1000) : fraction);
          const start = offset + RECORD_HEADER_BYTES;
          records.push({ timeUs, data: pending.subarray(start, start + captured) });
          offset = start + captured;
        }
        if (records.length > 0) yield records;
        const rest = pending.subarray(offset);
        const next = await chunks.next();
        if (next.done) atEnd = true;
        else pending = rest.length > 0 ? Buffer.concat([rest, next.value as Buffer]) : (next.value as Buffer);
      }
    } finally {
      await chunks.return?.();
    }
  }
  return { linkType: layout.linkType, batches: batches() };
}
