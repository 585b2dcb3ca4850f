// The memory of a local `wrangler dev` while a load runs: the resident size of both of its workerd
// processes (wrangler's entry proxy, which runs none of the site's code, and the one that runs the
// Worker) and the Worker isolate's own JavaScript heap, read from that workerd's inspector
// (`Runtime.getHeapUsage`). The resident size of a process says what the machine gives it; the heap
// says what the Worker's code keeps: a leak of ours grows the heap's floor from sample to sample,
// where a runtime settling towards its ceiling grows only the resident size. Linux only (/proc).
import { residentMemory } from "./process-memory.mjs";
import { listeningPortsOf } from "./workerd-direct.mjs";

/**
 * The inspector address of the Worker's isolate in the workerd `pid` (its script's target, named
 * `core:user:<worker name>`), or null when that workerd has no inspector. `skipPorts`: ports known
 * not to be it (the Worker's own, whose answer to /json is a page a measurement may not render).
 */
export async function workerInspectorOf(pid, skipPorts = []) {
  for (const port of listeningPortsOf(pid)) {
    if (skipPorts.includes(port)) continue;
    try {
      const response = await fetch(`http://127.0.0.1:${port}/json`, { signal: AbortSignal.timeout(3_000) });
      if (!response.headers.get("content-type")?.includes("json")) continue;
      const targets = await response.json();
      const worker = Array.isArray(targets) ? targets.find((target) => String(target.id).startsWith("core:user:")) : undefined;
      if (worker?.webSocketDebuggerUrl) return worker.webSocketDebuggerUrl;
    } catch {
      // the Worker's HTTP port or the debug port: not an inspector
    }
  }
  return null;
}

/** The isolate's JS heap, used and reserved, in MB (one short inspector session); null if unread. */
export async function heapUsageMb(inspectorUrl) {
  if (!inspectorUrl) return null;
  const socket = new WebSocket(inspectorUrl);
  try {
    await new Promise((resolve, reject) => {
      socket.onopen = resolve;
      socket.onerror = reject;
    });
    const answer = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("no answer")), 5_000);
      socket.onmessage = (event) => {
        const message = JSON.parse(String(event.data));
        if (message.id !== 1) return;
        clearTimeout(timer);
        resolve(message);
      };
      socket.send(JSON.stringify({ id: 1, method: "Runtime.getHeapUsage" }));
    });
    const { usedSize, totalSize } = answer.result ?? {};
    return typeof usedSize === "number" ? { used: usedSize / 1048576, total: totalSize / 1048576 } : null;
  } catch {
    return null;
  } finally {
    socket.close();
  }
}

/**
 * Samples `processes` ({ label: pid }) and the isolate's heap every `everySeconds` until stopped;
 * `requests()` is the count the load has made so far. `stop()` takes a last sample and returns all.
 */
export function sampleMemory({ processes, inspectorUrl, everySeconds, requests }) {
  const samples = [];
  const started = performance.now();
  const take = async () => {
    const rss = Object.fromEntries(Object.entries(processes).map(([label, pid]) => [label, residentMemory([pid]).current / 1048576]));
    samples.push({ seconds: (performance.now() - started) / 1000, requests: requests(), rss, heap: await heapUsageMb(inspectorUrl) });
  };
  let running = take();
  const timer = setInterval(() => {
    running = running.then(take);
  }, everySeconds * 1000);
  return {
    async stop() {
      clearInterval(timer);
      await running;
      await take();
      return samples;
    },
  };
}
