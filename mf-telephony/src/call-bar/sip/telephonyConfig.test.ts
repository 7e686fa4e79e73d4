import { configuredIceServers } from './telephonyConfig';

test('no STUN server unless the configuration names some', () => {
  expect(configuredIceServers({ apiUrl: 'x', wsUrl: 'y' })).toEqual([]);
});

test('iceServers of config.json become RTCIceServer entries; malformed ones are left out', () => {
  const config = {
    iceServers: ['stun:stun.example.org:3478', { urls: ['turn:turn.example.org'], username: 'u', credential: 'p' }, { urls: 5 }, null, 7],
  };
  expect(configuredIceServers(config)).toEqual([
    { urls: 'stun:stun.example.org:3478' },
    { urls: ['turn:turn.example.org'], username: 'u', credential: 'p' },
  ]);
});
