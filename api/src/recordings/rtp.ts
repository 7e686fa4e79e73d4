/**
 * From a captured packet to the G.711 audio it carries: the IP and UDP headers rtpengine made up (the sender's
 * address and port tell the parties apart), then the RTP header (RFC 3550 §5.1).
 */
import { LINKTYPE } from './pcap';

/** Static RTP payload types of G.711 (RFC 3551 §6); every call of the product is G.711. */
export const PAYLOAD_TYPE = { PCMU: 0, PCMA: 8 } as const;

export interface AudioPacket {
  /** The sender, 'address:port' as the made-up IP/UDP header says. */
  source: string;
  ssrc: number;
  /** RTP timestamp: 8000 Hz, one tick a sample. */
  timestamp: number;
  payloadType: (typeof PAYLOAD_TYPE)[keyof typeof PAYLOAD_TYPE];
  /** One byte a sample. */
  payload: Buffer;
}

const UDP = 17;
const ETHERTYPE_IPV4 = 0x0800;
const ETHERTYPE_IPV6 = 0x86dd;

const ipv6Text = (bytes: Buffer) => Array.from({ length: 8 }, (_, i) => bytes.readUInt16BE(i * 2).toString(16)).join(':');

/** The UDP datagram of an IP packet, with its sender; undefined for anything else (TCP, fragments, ICMP...). */
function udpOf(ip: Buffer): { source: string; datagram: Buffer } | undefined {
  if (ip.length < 1) return undefined;
  const version = ip[0] >> 4;
  let source: string;
  let udp: Buffer;
  if (version === 4) {
    const headerBytes = (ip[0] & 0x0f) * 4;
    if (headerBytes < 20 || ip.length < headerBytes + 8 || ip[9] !== UDP) return undefined;
    // A fragment (offset or "more fragments") is not a whole datagram; rtpengine never writes one.
    if ((ip.readUInt16BE(6) & 0x3fff) !== 0) return undefined;
    const total = Math.min(ip.readUInt16BE(2) || ip.length, ip.length);
    source = `${ip[12]}.${ip[13]}.${ip[14]}.${ip[15]}`;
    udp = ip.subarray(headerBytes, total);
  } else if (version === 6) {
    // rtpengine writes no extension headers: the next header is UDP or it is not audio.
    if (ip.length < 48 || ip[6] !== UDP) return undefined;
    source = `[${ipv6Text(ip.subarray(8, 24))}]`;
    udp = ip.subarray(40, Math.min(40 + ip.readUInt16BE(4), ip.length));
  } else return undefined;
  if (udp.length < 8) return undefined;
  const udpLength = udp.readUInt16BE(4);
  const datagram = udp.subarray(8, udpLength >= 8 ? Math.min(udpLength, udp.length) : udp.length);
  return { source: `${source}:${udp.readUInt16BE(0)}`, datagram };
}

/** The IP packet inside a captured frame of `linkType`. */
function ipOf(frame: Buffer, linkType: number): Buffer | undefined {
  if (linkType !== LINKTYPE.ETHERNET) return frame;
  if (frame.length < 14) return undefined;
  const etherType = frame.readUInt16BE(12);
  return etherType === ETHERTYPE_IPV4 || etherType === ETHERTYPE_IPV6 ? frame.subarray(14) : undefined;
}

/**
 * The G.711 audio of one captured frame, or undefined when it is anything else: RTCP (packet types 200–204,
 * which read as payload types 72–76), DTMF (telephone-event) and comfort noise (13), other codecs, non-RTP.
 */
export function audioPacketOf(frame: Buffer, linkType: number): AudioPacket | undefined {
  const ip = ipOf(frame, linkType);
  const udp = ip && udpOf(ip);
  if (!udp) return undefined;
  const rtp = udp.datagram;
  if (rtp.length < 12 || rtp[0] >> 6 !== 2) return undefined;
  const payloadType = rtp[1] & 0x7f;
  if (payloadType !== PAYLOAD_TYPE.PCMU && payloadType !== PAYLOAD_TYPE.PCMA) return undefined;
  let start = 12 + (rtp[0] & 0x0f) * 4;
  if (rtp[0] & 0x10) {
    if (rtp.length < start + 4) return undefined;
    start += 4 + rtp.readUInt16BE(start + 2) * 4;
  }
  const padding = rtp[0] & 0x20 ? rtp[rtp.length - 1] : 0;
  const end = rtp.length - padding;
  if (end <= start) return undefined;
  return {
    source: udp.source,
    ssrc: rtp.readUInt32BE(8),
    timestamp: rtp.readUInt32BE(4),
    payloadType: payloadType as AudioPacket['payloadType'],
    payload: rtp.subarray(start, end),
  };
}
