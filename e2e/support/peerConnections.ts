import type { Page } from 'playwright-core';

/**
 * Test instrumentation, not the product: keeps every RTCPeerConnection the page makes (window.peerConnections), so
 * a test can read getStats(). Call before the page loads the app.
 */
export async function keepPeerConnections(page: Page) {
  await page.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    const connections: RTCPeerConnection[] = [];
    (window as unknown as { peerConnections: RTCPeerConnection[] }).peerConnections = connections;
    window.RTCPeerConnection = class extends Native {
      constructor(...args: ConstructorParameters<typeof RTCPeerConnection>) {
        super(...args);
        connections.push(this);
      }
    };
  });
}

/** The page's audio as WebRTC reports it, over its open peer connections: packets and energy received, packets sent. */
export function audioStats(page: Page) {
  return page.evaluate(async () => {
    const connections = (window as unknown as { peerConnections: RTCPeerConnection[] }).peerConnections;
    const live = connections.filter((pc) => pc.connectionState !== 'closed');
    const totals = { packetsReceived: 0, totalAudioEnergy: 0, packetsSent: 0 };
    for (const pc of live) {
      (await pc.getStats()).forEach((report) => {
        if (report.type === 'inbound-rtp' && report.kind === 'audio') {
          totals.packetsReceived += report.packetsReceived ?? 0;
          totals.totalAudioEnergy += report.totalAudioEnergy ?? 0;
        }
        if (report.type === 'outbound-rtp' && report.kind === 'audio') totals.packetsSent += report.packetsSent ?? 0;
      });
    }
    return totals;
  });
}
