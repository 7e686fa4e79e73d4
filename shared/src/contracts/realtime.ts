import * as z from 'zod/mini';

/** A realtime alert pushed over /ws (product-spec §3). */
export const realtimeAlert = z.object({ TP_Alerta: z.int(), DE_Dados: z.unknown(), DE_Observacao: z.string() });
export type RealtimeAlert = z.infer<typeof realtimeAlert>;

/**
 * The other message of /ws: "you may have missed alerts, reload what you show". Alerts are sent once and
 * not kept, so an API instance whose PostgreSQL LISTEN connection dropped and came back (what was notified
 * in between is lost) sends it to every socket it holds. The browser reloads its queries on it, as it does
 * when its own socket comes back after a drop. It has no TP_Alerta, so it is never taken for an alert.
 */
export const realtimeResync = z.object({ type: z.literal('resync') });
export type RealtimeResync = z.infer<typeof realtimeResync>;
export const REALTIME_RESYNC: RealtimeResync = { type: 'resync' };

/** Close codes of /ws: the token (first message) was missing, invalid or expired. */
export const WS_CLOSE_UNAUTHORIZED = 4401;
