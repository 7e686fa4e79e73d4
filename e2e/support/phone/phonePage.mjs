/* global document, window */
// The client's phone in browser tests: a bare JsSIP user agent in a page of its own, registered in Kamailio
// under a phone number, driven by the test through `window.phone` (e2e/support/sipPhone.ts bundles it).
import * as JsSIP from 'jssip';

JsSIP.debug.disable('JsSIP:*');

const state = { registered: false, registrations: 0, calls: [], current: null, events: [] };
const audio = document.createElement('audio');
audio.autoplay = true;
document.body.append(audio);

function follow(session, direction) {
  const call = {
    direction,
    status: direction === 'incoming' ? 'ringing' : 'calling',
    cause: null,
    displayName: session.remote_identity.display_name ?? null,
  };
  state.calls.push(call);
  state.current = session;
  const note = (status) => () => {
    call.status = status;
    state.events.push(`${direction}:${status}`);
  };
  // An incoming call rings from the start ('ringing'); an outgoing one hears progress (180) from the far end.
  if (direction === 'outgoing') session.on('progress', note('progress'));
  session.on('confirmed', note('confirmed'));
  session.on('ended', (event) => {
    call.cause = event.cause;
    note('ended')();
  });
  session.on('failed', (event) => {
    call.cause = event.cause;
    note('failed')();
  });
  session.on('peerconnection', ({ peerconnection }) =>
    peerconnection.addEventListener('track', (event) => (audio.srcObject = event.streams[0])),
  );
}

window.phone = {
  state,
  autoAnswer: false,
  start({ wsUrl, realm, number, user, pass }) {
    const ua = new JsSIP.UA({
      sockets: [new JsSIP.WebSocketInterface(wsUrl)],
      uri: `sip:${number}@${realm}`,
      authorization_user: user,
      password: pass,
      register: true,
      session_timers: false,
    });
    ua.on('registered', () => {
      state.registered = true;
      state.registrations += 1;
    });
    ua.on('unregistered', () => (state.registered = false));
    ua.on('newRTCSession', ({ session, originator }) => {
      if (originator !== 'remote') return;
      follow(session, 'incoming');
      // Benchmarks answer at once, so the set-up time measured is the product's, not the test's round trip.
      if (window.phone.autoAnswer) session.answer({ mediaConstraints: { audio: true, video: false } });
    });
    ua.start();
    window.phone.ua = ua;
  },
  answer() {
    state.current.answer({ mediaConstraints: { audio: true, video: false } });
  },
  reject(status = 486) {
    state.current.terminate({ status_code: status });
  },
  hangup() {
    state.current.terminate();
  },
  call(target, displayName) {
    const session = window.phone.ua.call(target, { mediaConstraints: { audio: true, video: false }, fromDisplayName: displayName });
    follow(session, 'outgoing');
  },
};
