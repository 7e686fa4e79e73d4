// jsdom lacks these; react-router 7 needs them (field-notes.md).
const { TextEncoder, TextDecoder } = require('node:util');
Object.assign(globalThis, { TextEncoder, TextDecoder });
