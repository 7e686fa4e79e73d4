// A stand-in for the API in the launcher tests: it starts in milliseconds and speaks the launcher's
// protocol (answers HTTP on API_PORT, reports { type: 'listening' } over the IPC channel). Unlike the real
// API it does not watch its parent, so a test sees whether the launcher itself stops it.
// FAKE_API_CRASH_AFTER_MS: exits with code 1 that long after listening (an API that keeps crashing).
const http = require('node:http');

const server = http.createServer((_request, response) => {
  response.setHeader('Content-Type', 'application/json');
  response.end(JSON.stringify({ pid: process.pid }));
});
server.listen(Number(process.env.API_PORT), process.env.API_HOST || '0.0.0.0', () => {
  if (process.connected) process.send({ type: 'listening', port: server.address().port });
  const crashAfter = Number(process.env.FAKE_API_CRASH_AFTER_MS);
  if (crashAfter) setTimeout(() => process.exit(1), crashAfter);
});
// The channel alone must not keep the process alive.
process.channel?.unref();
