import { randomBytes } from 'node:crypto';

/**
 * How a message crosses PostgreSQL NOTIFY, whose payload must stay under 8000 bytes (an alert 1087
 * carries a whole operation, and nothing bounds its size). A message is cut into parts of at most
 * `NOTIFY_PART_BYTES` bytes of UTF-8, never inside a character, each sent as
 *
 *     <message id>:<part index>:<part count>:<text>
 *
 * The sender NOTIFYs all parts in ONE transaction: PostgreSQL delivers a transaction's notifications
 * together, in order, at commit (or none on rollback), so receivers reassemble them by message id.
 */
const NOTIFY_PART_BYTES = 7_900;

/** The NOTIFY payloads that carry `text`. */
export function splitMessage(text: string, maxPartBytes = NOTIFY_PART_BYTES): string[] {
  const id = randomBytes(9).toString('base64url');
  const parts = splitUtf8(text, maxPartBytes);
  return parts.map((part, index) => `${id}:${index}:${parts.length}:${part}`);
}

/**
 * Cuts `text` into pieces of at most `maxBytes` bytes of UTF-8. It walks code points, so a
 * multi-byte character (ç, ã, an emoji's surrogate pair) is never split.
 */
export function splitUtf8(text: string, maxBytes: number): string[] {
  if (maxBytes < 4) throw new Error('maxBytes must fit any character (4 bytes)');
  if (Buffer.byteLength(text) <= maxBytes) return [text];
  const parts: string[] = [];
  let start = 0;
  let bytes = 0;
  for (let i = 0; i < text.length;) {
    const code = text.codePointAt(i)!;
    const width = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    if (bytes + width > maxBytes) {
      parts.push(text.slice(start, i));
      start = i;
      bytes = 0;
    }
    bytes += width;
    i += code > 0xffff ? 2 : 1;
  }
  parts.push(text.slice(start));
  return parts;
}

interface PartialMessage {
  parts: (string | undefined)[];
  missing: number;
  timer: NodeJS.Timeout;
}

/**
 * Receiving side: hands every complete message to `onMessage`. Parts of a message that never
 * completes (not expected: they commit together) are dropped after `abandonAfterMs`.
 */
export class MessageAssembler {
  private readonly partial = new Map<string, PartialMessage>();

  constructor(
    private readonly onMessage: (text: string) => void,
    private readonly abandonAfterMs = 30_000,
  ) {}

  /** Takes one NOTIFY payload; throws on one that is not in the format above. */
  accept(payload: string): void {
    const header = /^([\w-]+):(\d+):(\d+):/.exec(payload);
    const index = Number(header?.[2]);
    const count = Number(header?.[3]);
    if (!header || count < 1 || index >= count) throw new Error(`Malformed realtime notification: ${payload.slice(0, 60)}`);
    const text = payload.slice(header[0].length);
    if (count === 1) {
      this.onMessage(text);
      return;
    }
    const id = header[1];
    let message = this.partial.get(id);
    if (!message) {
      const timer = setTimeout(() => this.partial.delete(id), this.abandonAfterMs);
      timer.unref();
      message = { parts: new Array<string | undefined>(count), missing: count, timer };
      this.partial.set(id, message);
    }
    if (message.parts[index] !== undefined) return;
    message.parts[index] = text;
    message.missing -= 1;
    if (message.missing > 0) return;
    clearTimeout(message.timer);
    this.partial.delete(id);
    this.onMessage(message.parts.join(''));
  }

  /** Messages waiting for parts. */
  get pending(): number {
    return this.partial.size;
  }

  clear(): void {
    for (const message of this.partial.values()) clearTimeout(message.timer);
    this.partial.clear();
  }
}
