import dgram from 'node:dgram';
import { bdecode, bencode, rtpengineControl, RtpengineUnavailable } from './rtpengineControl';

test('bencode writes sorted dictionaries, lists, UTF-8 byte lengths and integers, and reads them back', () => {
  const message = { command: 'subscribe request', 'call-id': 'abc@x', flags: ['all'], sdp: 'v=0\r\ns=ção\r\n', n: 7 };
  const encoded = bencode(message);
  expect(encoded.toString('utf8')).toBe('d7:call-id5:abc@x7:command17:subscribe request5:flagsl3:alle1:ni7e3:sdp14:v=0\r\ns=ção\r\ne');
  expect(bdecode(encoded)).toEqual(message);
});

test('bdecode refuses truncated, malformed or trailing input', () => {
  for (const bad of ['d3:abc', '5:abc', 'i1x', 'd1:ai1ee1:x', 'di1ei2ee']) expect(() => bdecode(Buffer.from(bad))).toThrow(SyntaxError);
});

test('a command goes out with a cookie and resolves with the answer of that cookie; an error result rejects with its reason', async () => {
  const server = dgram.createSocket('udp4');
  const seen: string[] = [];
  server.on('message', (message, from) => {
    const text = message.toString('utf8');
    const cookie = text.slice(0, text.indexOf(' '));
    seen.push(text.slice(cookie.length + 1));
    const command = (bdecode(message.subarray(cookie.length + 1)) as { command: string }).command;
    const answer = command === 'ping' ? { result: 'pong' } : { result: 'error', 'error-reason': 'Unknown call-ID' };
    server.send(Buffer.concat([Buffer.from('outro '), bencode({ result: 'ok' })]), from.port, from.address); // someone else's cookie
    server.send(Buffer.concat([Buffer.from(`${cookie} `), bencode(answer)]), from.port, from.address);
  });
  await new Promise<void>((resolve) => server.bind(0, '127.0.0.1', resolve));
  const control = rtpengineControl(`udp:127.0.0.1:${server.address().port}`);
  try {
    await expect(control.command({ command: 'ping' })).resolves.toEqual({ result: 'pong' });
    await expect(control.command({ command: 'unsubscribe', 'call-id': 'x', 'to-tag': 't' })).rejects.toThrow('rtpengine: Unknown call-ID');
    expect(seen[0]).toBe('d7:command4:pinge');
  } finally {
    server.close();
  }
});

test('no answer after the retries is RtpengineUnavailable', async () => {
  const silent = dgram.createSocket('udp4');
  await new Promise<void>((resolve) => silent.bind(0, '127.0.0.1', resolve));
  try {
    await expect(
      rtpengineControl(`127.0.0.1:${silent.address().port}`, { timeoutMs: 50 }).command({ command: 'ping' }),
    ).rejects.toBeInstanceOf(RtpengineUnavailable);
  } finally {
    silent.close();
  }
});
