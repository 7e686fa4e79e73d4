/**
 * Work on an uploaded file (megabytes of base64, text, CSV) runs in slices: once a slice has taken SLICE_MS, the
 * event loop gets a turn (setImmediate: pending I/O first), so one upload never holds up every other request
 * (docs/rules.md "CSV imports and provider batches"). Slicing on the API's own thread, not a worker thread: the
 * API is compiled file by file from server.ts's imports (api/build.mjs) and tested through @swc/jest, and neither
 * would hand a worker thread a file it could start.
 */

/** How long a slice of work runs before the event loop gets a turn. */
export const SLICE_MS = 10;

/** Awaited between small pieces of work: resolves at once while the slice lasts, after a turn of the event loop once it is used up. */
export type Turn = () => Promise<void>;

export function timeSlices(sliceMs = SLICE_MS): Turn {
  let sliceStart = performance.now();
  return async () => {
    if (performance.now() - sliceStart < sliceMs) return;
    await new Promise((resolve) => setImmediate(resolve));
    sliceStart = performance.now();
  };
}

/**
 * Work written once as a generator that yields between pieces of work, and run either way: at once
 * (`runAtOnce`, for small inputs and unit tests) or in slices (`runInSlices`). Returns what the generator returns.
 */
export function runAtOnce<T>(steps: Iterator<unknown, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

export async function runInSlices<T>(steps: Iterator<unknown, T>, turn: Turn): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await turn();
  }
}
