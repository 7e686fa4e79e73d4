const HOUR = 3600;
const pad = (n: number) => String(n).padStart(2, '0');

/** The call bar's mm:ss; it wraps at 59:59 back to 00:00 (product-spec §9). */
export function formatCallTimer(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds)) % HOUR;
  return `${pad(Math.floor(seconds / 60))}:${pad(seconds % 60)}`;
}
