/**
 * Listening to and downloading a call's recording (docs/rules.md "Call recordings"): supervisors and managers of
 * the call's company, and the attendant of the call. Every listen and download is logged (LGPD accountability).
 */
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Person } from '@consig/shared/contracts';
import { ownRowsOnly } from '../auth/roles';
import type { CompanyScope } from '../auth/scope';
import { ApiError } from '../http/errors';
import { parseByteRange } from './httpRange';
import { createRecordingsRepository, type RecordingState } from './recordings.repository';
import type { RecordingStorage } from './storage';

export const RECORDING_TEXT = {
  /** Unknown and another company's call read the same (docs/rules.md "Tenancy"). */
  callNotFound: 'Ligação não encontrada.',
  othersCall: 'Você só pode ouvir as gravações das suas próprias ligações.',
  unavailable: 'Gravação não disponível para esta ligação.',
  pending: 'A gravação desta ligação ainda está sendo processada. Tente novamente em instantes.',
  failed: 'Gravação não disponível: a gravação desta ligação falhou.',
  expired: 'Gravação não disponível: o prazo de guarda desta gravação terminou e ela foi apagada.',
  unsatisfiable: 'Intervalo de bytes fora da gravação.',
} as const;

const UNAVAILABLE_TEXT: Partial<Record<RecordingState, string>> = {
  pendente: RECORDING_TEXT.pending,
  falhou: RECORDING_TEXT.failed,
  expirada: RECORDING_TEXT.expired,
};

export interface PlaybackRequest {
  callId: number;
  /** The Range header, if any. */
  range: string | undefined;
  download: boolean;
  /** HEAD: the headers only, and nobody listened. */
  headersOnly: boolean;
}

export type Playback =
  { kind: 'unsatisfiable'; size: number } | { kind: 'audio'; status: 200 | 206; headers: Record<string, string>; body: Readable };

interface Dependencies {
  storage: RecordingStorage;
  clock: () => Date;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

export async function playRecording(
  scope: CompanyScope,
  person: Person,
  request: PlaybackRequest,
  { storage, clock, log }: Dependencies,
): Promise<Playback> {
  const recordings = createRecordingsRepository(scope);
  const call = await recordings.forPlayback(request.callId);
  if (!call) throw new ApiError(404, RECORDING_TEXT.callNotFound);
  const own = ownRowsOnly(person);
  if (own !== null && call.attendantId !== own) throw new ApiError(403, RECORDING_TEXT.othersCall);
  if (call.state !== 'gravada' || !call.key)
    throw new ApiError(404, (call.state && UNAVAILABLE_TEXT[call.state]) ?? RECORDING_TEXT.unavailable);

  const size = await storage.size(call.key);
  if (size === undefined) {
    log.warn({ idLigacao: call.id }, 'gravação registrada sem o arquivo no armazenamento');
    throw new ApiError(404, RECORDING_TEXT.unavailable);
  }
  const range = parseByteRange(request.range, size);
  if (range === 'unsatisfiable') return { kind: 'unsatisfiable', size };

  // A player asks for the rest of a file in further ranges as it plays or seeks: one listen is logged at its
  // first request (no range, or one from byte 0), not once a range.
  if (!request.headersOnly && (!range || range.start === 0)) {
    await recordings.logAccess(call.id, person.ID_Pessoa, request.download ? 'baixar' : 'ouvir', clock());
  }
  const headers: Record<string, string> = {
    'content-type': 'audio/wav',
    'accept-ranges': 'bytes',
    'content-length': String(range ? range.end - range.start + 1 : size),
    // Personal data: never kept by a browser cache or a proxy.
    'cache-control': 'private, no-store',
    'content-disposition': `${request.download ? 'attachment' : 'inline'}; filename="ligacao-${call.id}-${call.day}.wav"`,
  };
  if (range) headers['content-range'] = `bytes ${range.start}-${range.end}/${size}`;
  // HEAD: an empty stream, because Fastify keeps the Content-Length set above for a stream (for an empty body it
  // would announce 0).
  if (request.headersOnly) return { kind: 'audio', status: range ? 206 : 200, headers, body: Readable.from([]) };
  try {
    return { kind: 'audio', status: range ? 206 : 200, headers, body: await storage.read(call.key, range) };
  } catch (error) {
    // Purged between the size and the read.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new ApiError(404, RECORDING_TEXT.unavailable);
    throw error;
  }
}
