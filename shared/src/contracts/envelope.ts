import { z } from 'zod';

/** The generic answer of product-spec §3: `success`, `text`, optional `message` and `data`. */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.boolean(), text: z.string(), message: z.string().optional(), data });

/** Error answers (400/401/403/404/429/500): always this shape, always a Portuguese `text`. */
export const errorResponse = z.object({ success: z.literal(false), text: z.string() });
export type ErrorResponse = z.infer<typeof errorResponse>;
