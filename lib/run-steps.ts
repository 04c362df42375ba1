/** Runs a step generator to its end synchronously (batch jobs, training data). */
export function runSteps<T>(steps: Generator<void, T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/**
 * Runs a step generator, awaiting `pause` whenever more than `sliceMs` passed since the last pause: long
 * computations share the event loop with other requests (pass `() => new Promise(setImmediate)` on a server).
 */
export async function runStepsAsync<T>(steps: Generator<void, T>, pause: () => Promise<void>, sliceMs = 20): Promise<T> {
  let last = performance.now();
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    if (performance.now() - last > sliceMs) {
      await pause();
      last = performance.now();
    }
  }
}
