import * as z from 'zod/mini';

/** A realtime alert pushed over /ws (product-spec §3). */
export const realtimeAlert = z.object({ TP_Alerta: z.int(), DE_Dados: z.unknown(), DE_Observacao: z.string() });
export type RealtimeAlert = z.infer<typeof realtimeAlert>;

/** Close codes of /ws: the token (first message) was missing, invalid or expired. */
export const WS_CLOSE_UNAUTHORIZED = 4401;
