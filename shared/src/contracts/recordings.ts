import * as z from 'zod/mini';

// Call recordings (docs/rules.md "Call recordings").

/**
 * GET /telefonia/ligacoes/{id}/gravacao?download=1: the call's recording as audio/wav (stereo: the first party
 * to speak on the left), with HTTP Range; `download=1` sends it as an attachment named
 * `ligacao-<id>-<aaaa-mm-dd>.wav`. Every listen and download is logged.
 */
export const recordingQuery = z.object({
  download: z.optional(z.enum(['0', '1'], { error: "Use '0' ou '1'." })),
});
export type RecordingQuery = z.infer<typeof recordingQuery>;
