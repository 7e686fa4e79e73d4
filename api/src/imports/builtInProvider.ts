import { createProspectsRepository } from './prospects.repository';
import type { BatchProvider } from './provider';

/** The prospect base of this installation (seeded by db/prospects.ts), the default BatchProvider. */
export const builtInBatchProvider: BatchProvider = {
  select: (scope, filter, campaignId, limit) => createProspectsRepository(scope).select(filter, campaignId, limit),
};
