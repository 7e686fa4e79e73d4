import * as z from 'zod/mini';

// Contracts use zod/mini: the same validation core as classic zod, but tree-shakable, so the browser's
// first page carries only the parts the schemas use. fastify-type-provider-zod works on the core too.

/** The generic answer of product-spec §3: `success`, `text`, optional `message` and `data`. */
export const envelope = <T extends z.ZodMiniType>(data: T) =>
  z.object({ success: z.boolean(), text: z.string(), message: z.optional(z.string()), data });

/** Error answers (400/401/403/404/429/500): always this shape, always a Portuguese `text`. */
export const errorResponse = z.object({ success: z.literal(false), text: z.string() });
export type ErrorResponse = z.infer<typeof errorResponse>;

/** An answer with nothing but its text (an action done: 'Escuta encerrada.'). */
export const textResponse = z.object({ success: z.boolean(), text: z.string() });
