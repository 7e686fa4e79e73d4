import { errorText, type FloorAttendant } from '@consig/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { answerListening } from './api/answerListening';
import { startListening } from './api/startListening';
import { stopListening } from './api/stopListening';

/** How long the browser gathers its ICE candidates before answering with what it has (loopback: milliseconds). */
const GATHERING_LIMIT_MS = 3000;

export type ListeningState = { phase: 'idle' } | { phase: 'connecting' | 'listening'; attendant: FloorAttendant; stream: MediaStream };

const IDLE: ListeningState = { phase: 'idle' };

/** Resolves once the connection has gathered its candidates (the answer then carries them: no trickle). */
function gathered(connection: RTCPeerConnection): Promise<void> {
  if (connection.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      connection.removeEventListener('icegatheringstatechange', check);
      resolve();
    };
    const check = () => connection.iceGatheringState === 'complete' && done();
    const timer = setTimeout(done, GATHERING_LIMIT_MS);
    connection.addEventListener('icegatheringstatechange', check);
  });
}

/**
 * 'Ouvir' (docs/rules.md "Attendant state"): receive-only peer connections to the media relay, one per side of
 * the attendant's call, which it sends to this browser alone. Nothing is captured here: no microphone is asked for and
 * no track is sent, so neither party of the call can notice. Ends on 'Parar de ouvir', when the call ends (the
 * row leaves 'em_ligacao'), when the connection fails, or when the board is left.
 */
export function useListening(rows: readonly FloorAttendant[]) {
  const [state, setState] = useState<ListeningState>(IDLE);
  const session = useRef<{ connections: RTCPeerConnection[]; id: number | null } | null>(null);

  /** Ends the connection and the listening at the API; touches no React state (safe in effects and cleanups). */
  const release = useCallback(async () => {
    const current = session.current;
    session.current = null;
    if (!current) return;
    for (const connection of current.connections) connection.close();
    if (current.id !== null) await stopListening(current.id).catch(() => undefined);
  }, []);

  const stop = useCallback(async () => {
    setState(IDLE);
    await release();
  }, [release]);

  const start = useCallback(
    async (attendant: FloorAttendant) => {
      await stop();
      const stream = new MediaStream();
      const mine = { connections: [] as RTCPeerConnection[], id: null as number | null };
      session.current = mine;
      // One receive-only connection per side of the call; heard once every one is connected.
      const watch = (connection: RTCPeerConnection) => {
        connection.addEventListener('track', (event) => stream.addTrack(event.track));
        connection.addEventListener('connectionstatechange', () => {
          if (session.current !== mine) return;
          if (mine.connections.every((each) => each.connectionState === 'connected')) setState({ phase: 'listening', attendant, stream });
          if (connection.connectionState === 'failed') void stop();
        });
      };
      setState({ phase: 'connecting', attendant, stream });
      try {
        const { data } = await startListening(attendant.AtendenteID);
        mine.id = data.ID_Escuta;
        mine.connections = data.DE_Ofertas.map(() => new RTCPeerConnection());
        mine.connections.forEach(watch);
        const answers = await Promise.all(
          mine.connections.map(async (connection, index) => {
            await connection.setRemoteDescription({ type: 'offer', sdp: data.DE_Ofertas[index] });
            await connection.setLocalDescription(await connection.createAnswer());
            await gathered(connection);
            return connection.localDescription!.sdp;
          }),
        );
        if (session.current !== mine) return;
        await answerListening(data.ID_Escuta, answers);
      } catch (error) {
        if (session.current === mine) {
          toast.error(errorText(error));
          await stop();
        }
      }
    },
    [stop],
  );

  // The call heard is over when the row leaves that 'em_ligacao' (a later call is another state, another
  // TS_Estado): the listening ends with it.
  const row = state.phase === 'idle' ? undefined : rows.find((candidate) => candidate.AtendenteID === state.attendant.AtendenteID);
  const over = state.phase !== 'idle' && (row?.CO_Estado !== 'em_ligacao' || row.TS_Estado !== state.attendant.TS_Estado);
  useEffect(() => {
    if (over) void release();
  }, [over, release]);

  // Leaving the board stops listening.
  useEffect(() => () => void release(), [release]);

  return { state: over ? IDLE : state, start, stop };
}
