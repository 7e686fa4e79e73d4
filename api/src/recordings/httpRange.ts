/**
 * HTTP byte ranges (RFC 9110 §14): what a browser's <audio> asks for when it seeks, and a download manager when
 * it resumes. One range only: a request for several is answered whole, which the RFC allows (a server may
 * ignore Range), and no player asks for several.
 */
export interface ByteRange {
  start: number;
  /** Included. */
  end: number;
}

const SINGLE_RANGE = /^bytes=(\d{0,15})-(\d{0,15})$/i;

/**
 * The range of `header` within `size` bytes: undefined when there is none to honour (no header, another unit,
 * several ranges, bad syntax: the whole file is sent), 'unsatisfiable' when it starts past the end (416).
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  const match = header === undefined ? null : SINGLE_RANGE.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  const [first, last] = [match[1], match[2]];
  if (first === '') {
    // The last N bytes.
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}
