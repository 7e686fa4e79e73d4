import { once } from 'node:events';
import { createSocket } from 'node:dgram';
import { createServer } from 'node:net';

// Ports of 127.0.0.1 for the daemons the telephony tests start (Kamailio, rtpengine, SIPp).

/** A TCP port of 127.0.0.1 that is free for UDP too (Kamailio and SIPp listen on both, or on UDP alone). */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = createServer();
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const { port: taken } = server.address() as { port: number };
        server.close(() => resolve(taken));
      });
    });
    if (await udpFree(port)) return port;
  }
}

async function udpFree(port: number): Promise<boolean> {
  const socket = createSocket('udp4');
  try {
    socket.bind(port, '127.0.0.1');
    await once(socket, 'listening');
    return true;
  } catch {
    return false;
  } finally {
    socket.close();
  }
}

/** A UDP port of 127.0.0.1 free now (rtpengine's control socket). */
export async function freeUdpPort(): Promise<number> {
  const socket = createSocket('udp4');
  socket.bind(0, '127.0.0.1');
  await once(socket, 'listening');
  const { port } = socket.address();
  await new Promise<void>((resolve) => socket.close(() => resolve()));
  return port;
}
