// Helpers of the tooling tests (Node built-ins only).
const fs = require('node:fs');
const net = require('node:net');
// A TCP port nothing listens on right now: the launcher's own.
const { freePort } = require('../launcher/ports');

/**
 * Polls `check` until it returns a truthy value or `timeoutMs` passes; returns the last value either way,
 * so the caller asserts on it (a slow machine makes the test slower, never wrong).
 */
async function waitUntil(check, { timeoutMs = 10_000, everyMs = 50 } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value || Date.now() >= deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** Whether a process runs (a zombie, dead but not yet reaped by its parent, does not count). */
function isRunning(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** Whether something accepts TCP connections on 127.0.0.1:port. */
function answers(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** How many descriptors this process holds open on `file` (Linux: /proc/self/fd). */
function openDescriptorsOn(file) {
  let count = 0;
  for (const fd of fs.readdirSync('/proc/self/fd')) {
    try {
      if (fs.readlinkSync(`/proc/self/fd/${fd}`) === file) count += 1;
    } catch {
      // Closed between the listing and the look-up.
    }
  }
  return count;
}

/** Collects a child's output lines that are JSON objects (the fixtures report through them). */
function jsonLines(stream) {
  const messages = [];
  let buffer = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    buffer += chunk;
    let newline;
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      if (line.startsWith('{')) messages.push(JSON.parse(line));
    }
  });
  return messages;
}

module.exports = { freePort, waitUntil, isRunning, answers, openDescriptorsOn, jsonLines };
