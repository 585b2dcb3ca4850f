// The demo media's renders spread over worker threads (demo-media-worker.mjs renders each job with
// generate-demo-media.mjs' renderJob), kept apart from the jobs' list and cache.
import { Worker } from "node:worker_threads";

/** Runs jobs on `count` worker threads, in order; resolves with id → { bytes, ms }. */
export async function runOnWorkers(jobs, count) {
  const queue = [...jobs];
  const results = new Map();
  const workers = Array.from({ length: count }, () => new Worker(new URL("./demo-media-worker.mjs", import.meta.url)));
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise((resolve, reject) => {
            const next = () => {
              const job = queue.shift();
              if (job) worker.postMessage(job);
              else resolve(undefined);
            };
            worker.on("message", (message) => {
              if (message.error) return reject(new Error(`demo media ${message.id}: ${message.error}`));
              results.set(message.id, { bytes: message.bytes, ms: message.ms });
              next();
            });
            worker.on("error", reject);
            worker.on("exit", (code) => (queue.length > 0 || code !== 0 ? reject(new Error(`demo media worker exited with ${code}`)) : resolve(undefined)));
            next();
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  return results;
}
