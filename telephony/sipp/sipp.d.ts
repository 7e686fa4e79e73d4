// Types of sipp.js (plain CommonJS) for the TypeScript tests and the telephony benchmark.

export interface Sipp {
  /** The SIP port asked for (undefined: SIPp chose one itself). */
  port: number | undefined;
  /** SIPp's process. */
  pid: number | undefined;
  /** SIPp's working folder (its statistics files), removed by stop(). */
  dir: string;
  /** Every SIP message SIPp sent or received so far, as its message log has them. */
  messages(): string;
  /** The INVITEs that reached it, whole (the retry with credentials counts as one more). */
  invites(): string[];
  /** What SIPp reported going wrong (error log and standard error); empty when nothing. */
  problems(): string;
  /** SIPp's exit code once it ends (0: every call succeeded). */
  exited: Promise<number>;
  stop(): Promise<void>;
}

export const SIPP_PATH: string;
export const INSTALL_SIPP: string;
export function carrierAnswering(options: {
  port: number;
  mediaPort?: number;
  user: string;
  password: string;
  host?: string;
  trace?: boolean;
}): Sipp;
export function carrierRegistrar(options: { port: number; user: string; password: string }): Sipp;
export function carrierCalling(options: {
  kamailio: string;
  port?: number;
  mediaPort?: number;
  did: string;
  caller: string;
  talkMs?: number;
}): Sipp;
export function attendantsCalling(options: {
  kamailio: string;
  port: number;
  mediaPort: number;
  realm: string;
  extension: string;
  user: string;
  password: string;
  /** SIPp's injection file: 'SEQUENTIAL', then one number a line. */
  numbersFile: string;
  /** Raw A-law, 8 kHz mono. */
  audioFile: string;
  talkMs: number;
  rate: number;
  calls: number;
  host?: string;
}): Sipp;
