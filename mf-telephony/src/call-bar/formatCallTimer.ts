import { formatMinutesSeconds } from '@consig/shared';

const HOUR = 3600;

/** The call bar's mm:ss; it wraps at 59:59 back to 00:00 (product-spec §9). */
export function formatCallTimer(totalSeconds: number): string {
  return formatMinutesSeconds(Math.max(0, Math.floor(totalSeconds)) % HOUR);
}
