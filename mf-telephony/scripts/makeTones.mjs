// Writes the call bar's two ringtones (src/call-bar/sounds/*.wav), generated rather than recorded so the
// repository holds no third-party audio. Run `node mf-telephony/scripts/makeTones.mjs` after changing them.
// 8 kHz, 8-bit mono PCM keeps each loop under 50 KB; a telephone tone has nothing above 4 kHz anyway.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const RATE = 8000;
const FADE_S = 0.01; // 10 ms ramps: no click where a tone starts or stops

/** One loop of a tone: `pattern` lists [seconds, frequencies (none for silence)] in order. */
function render(pattern, volume) {
  const parts = pattern.map(([seconds, frequencies]) => {
    const samples = new Float64Array(Math.round(seconds * RATE));
    if (frequencies.length === 0) return samples;
    const fade = FADE_S * RATE;
    for (let i = 0; i < samples.length; i++) {
      const envelope = Math.min(1, i / fade, (samples.length - 1 - i) / fade);
      const sum = frequencies.reduce((acc, hz) => acc + Math.sin((2 * Math.PI * hz * i) / RATE), 0);
      samples[i] = (volume * envelope * sum) / frequencies.length;
    }
    return samples;
  });
  const all = new Float64Array(parts.reduce((n, part) => n + part.length, 0));
  parts.reduce((offset, part) => (all.set(part, offset), offset + part.length), 0);
  return all;
}

/** A RIFF/WAVE file of unsigned 8-bit mono PCM. */
function wav(samples) {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE, 28); // bytes per second
  header.writeUInt16LE(1, 32); // block align
  header.writeUInt16LE(8, 34); // bits per sample
  header.write('data', 36);
  header.writeUInt32LE(samples.length, 40);
  const body = Buffer.from(samples.map((s) => Math.round(128 + 127 * Math.max(-1, Math.min(1, s)))));
  return Buffer.concat([header, body]);
}

const TONES = {
  // Outgoing: the Brazilian ringback tone (Anatel), 425 Hz, 1 s on, 4 s off.
  'ringback.wav': render(
    [
      [1, [425]],
      [4, []],
    ],
    0.5,
  ),
  // Incoming: a two-burst ring (440 + 480 Hz), 0.4 s on, 0.2 s off, 0.4 s on, 2 s off.
  'ringtone.wav': render(
    [
      [0.4, [440, 480]],
      [0.2, []],
      [0.4, [440, 480]],
      [2, []],
    ],
    0.6,
  ),
};

const dir = fileURLToPath(new URL('../src/call-bar/sounds/', import.meta.url));
for (const [name, samples] of Object.entries(TONES)) {
  const file = wav(samples);
  writeFileSync(dir + name, file);
  console.log(`${name}: ${file.length} bytes, ${(samples.length / RATE).toFixed(1)} s`);
}
