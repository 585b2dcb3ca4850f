// worker_threads side of generate-demo-media.mjs: renders one job at a time on request.
import { parentPort } from "node:worker_threads";
import { renderJob } from "./generate-demo-media.mjs";

parentPort.on("message", async (job) => {
  try {
    parentPort.postMessage({ id: job.id, bytes: await renderJob(job) });
  } catch (error) {
    parentPort.postMessage({ id: job.id, error: error instanceof Error ? error.stack ?? error.message : String(error) });
  }
});
