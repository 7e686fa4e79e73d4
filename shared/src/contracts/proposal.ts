import * as z from 'zod/mini';
import { envelope } from './envelope';

export const statusSummaryItem = z.object({ ID_Status: z.int(), DE_Status: z.string(), NU_Quantidade: z.int() });
export type StatusSummaryItem = z.infer<typeof statusSummaryItem>;
export const statusSummaryResponse = envelope(z.array(statusSummaryItem));

export const possibleStatus = z.object({ StatusID: z.int(), DE_Status: z.string() });
export type PossibleStatus = z.infer<typeof possibleStatus>;
export const possibleStatusesResponse = envelope(z.array(possibleStatus));
