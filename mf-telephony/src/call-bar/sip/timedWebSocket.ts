import { WebSocketInterface } from 'jssip';

/**
 * JsSIP's WebSocket transport with a connection timeout (product-spec §9: 5 s). JsSIP has none: a SIP
 * server that swallows the handshake would keep the agent "connecting" for as long as the browser waits.
 * After the timeout the attempt counts as a dropped connection, so JsSIP's reconnection schedule runs.
 */
export class TimedWebSocket extends WebSocketInterface {
  private connectTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    url: string,
    private readonly timeoutMs: number,
  ) {
    super(url);
  }

  override connect(): void {
    super.connect();
    clearTimeout(this.connectTimer);
    this.connectTimer = setTimeout(() => {
      if (!this.isConnecting()) return;
      this.disconnect(); // unbinds the socket's handlers first: no second report when it finally fails
      this.ondisconnect(true, 4008, 'Connection timeout');
    }, this.timeoutMs);
  }

  override disconnect(): void {
    clearTimeout(this.connectTimer);
    super.disconnect();
  }
}
