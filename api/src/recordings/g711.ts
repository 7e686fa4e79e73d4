/**
 * ITU-T G.711 decoding (μ-law and A-law, 8 bits a sample) to 16-bit linear PCM. The tables are computed from
 * the Recommendation's expansion rules rather than copied, so each entry can be checked against the formula:
 * a code word is a sign bit, a 3-bit segment (exponent) and a 4-bit step (mantissa); bits are inverted on the
 * wire (all of them for μ-law, the even ones for A-law) so that silence does not send long runs of zeros.
 * Values are the Recommendation's 14-bit (μ-law) and 13-bit (A-law) levels scaled to 16 bits, as every
 * G.711 decoder (and Wireshark) plays them.
 */

/** μ-law: the bias added before the segment shift (33 on the 14-bit scale, ×4). */
const ULAW_BIAS = 0x84;

function ulawToLinear(code: number): number {
  const inverted = ~code & 0xff;
  const segment = (inverted >> 4) & 0x07;
  const step = inverted & 0x0f;
  const magnitude = (((step << 3) + ULAW_BIAS) << segment) - ULAW_BIAS;
  return inverted & 0x80 ? -magnitude : magnitude;
}

function alawToLinear(code: number): number {
  const toggled = code ^ 0x55;
  const segment = (toggled >> 4) & 0x07;
  const step = toggled & 0x0f;
  // Segment 0 is linear (no implicit leading 1); each later one doubles the step size. +8 puts the
  // decoded value in the middle of its quantisation interval.
  const magnitude = segment === 0 ? (step << 4) + 8 : ((step << 4) + 0x108) << (segment - 1);
  // A-law's sign bit set means positive.
  return toggled & 0x80 ? magnitude : -magnitude;
}

const table = (decode: (code: number) => number) => Int16Array.from({ length: 256 }, (_, code) => decode(code));

/** Linear value of each μ-law code word (RTP payload type 0, PCMU). */
export const ULAW_TO_LINEAR = table(ulawToLinear);
/** Linear value of each A-law code word (RTP payload type 8, PCMA). */
export const ALAW_TO_LINEAR = table(alawToLinear);
