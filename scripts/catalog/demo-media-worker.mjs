// worker_threads side of generate-demo-media.mjs: renders one job at a time on request.
import { parentPort } from "node:worker_threads";
import { renderJob } from "./generate-demo-media.mjs";

parentPort.on("message", async (job) => {
  const started = performance.now();
  try {
    const bytes = await renderJob(job);
    parentPort.postMessage({ id: job.id, bytes, ms: Math.round(performance.now() - started) });
  } catch (error) {
    parentPort.postMessage({ id: job.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
