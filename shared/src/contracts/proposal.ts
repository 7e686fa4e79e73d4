import { z } from 'zod';
import { envelope } from './envelope';

export const statusSummaryItem = z.object({ ID_Status: z.number().int(), DE_Status: z.string(), NU_Quantidade: z.number().int() });
export type StatusSummaryItem = z.infer<typeof statusSummaryItem>;
export const statusSummaryResponse = envelope(z.array(statusSummaryItem));

export const possibleStatus = z.object({ StatusID: z.number().int(), DE_Status: z.string() });
export type PossibleStatus = z.infer<typeof possibleStatus>;
export const possibleStatusesResponse = envelope(z.array(possibleStatus));
