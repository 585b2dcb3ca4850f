// `wrangler dev` puts a proxy in front of the Worker: the port it prints belongs to a first workerd
// process (wrangler's ProxyWorker), which opens a second TCP connection per request to the workerd
// that runs the Worker and its Durable Objects on a port of its own. A WebSocket through the proxy
// so holds two connections, and workerd keeps every connection's descriptor twice (the same socket
// shows twice in /proc/<pid>/fd): four descriptors a socket in the proxy, two in the Worker's
// workerd. Connecting straight to the Worker's own port halves what the busiest process holds.
// Linux only: the ports are read from /proc. Nothing here changes either process.
import { readdirSync, readFileSync, readlinkSync } from "node:fs";

/** Listening TCP sockets on 127.0.0.1 (IPv4): inode -> port. */
function listeningInodes() {
  const ports = new Map();
  for (const line of readFileSync("/proc/net/tcp", "utf8").split("\n").slice(1)) {
    const cols = line.trim().split(/\s+/);
    if (cols.length < 10 || cols[3] !== "0A") continue;
    ports.set(cols[9], Number.parseInt(cols[1].split(":")[1], 16));
  }
  return ports;
}

/**
 * The socket inodes `pid` holds, in descriptor order: workerd opens its entry socket (the Worker's
 * HTTP port) before its debug and inspector ports, so it is tried first and the capnp debug port,
 * which logs a warning for an HTTP request, is seldom reached.
 */
function socketInodes(pid) {
  const inodes = new Set();
  try {
    for (const fd of readdirSync(`/proc/${pid}/fd`).sort((a, b) => Number(a) - Number(b))) {
      try {
        const link = readlinkSync(`/proc/${pid}/fd/${fd}`);
        if (link.startsWith("socket:[")) inodes.add(link.slice(8, -1));
      } catch {
        // closed meanwhile
      }
    }
  } catch {
    // gone, or not ours to read
  }
  return inodes;
}

const parentOf = (pid) => Number(readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ")[1]);
const commOf = (pid) => readFileSync(`/proc/${pid}/comm`, "utf8").trim();
const pids = () =>
  readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map(Number);

/** The 127.0.0.1 ports `pid` listens on, in the order it opened them. */
export function listeningPortsOf(pid) {
  const listening = listeningInodes();
  return [...socketInodes(pid)].map((inode) => listening.get(inode)).filter((port) => port !== undefined);
}

/** The process listening on `port`, or null. */
function listenerOf(port) {
  const inodes = [...listeningInodes()].filter(([, p]) => p === port).map(([inode]) => inode);
  if (inodes.length === 0) return null;
  return pids().find((pid) => inodes.some((inode) => socketInodes(pid).has(inode))) ?? null;
}

/**
 * The Worker's own origin behind a `wrangler dev` proxy at `origin`: the other workerd started by
 * the same wrangler, at the port of it that answers GET /api/config. Null when there is none (not
 * wrangler dev, or not readable here), and the caller measures through the proxy.
 */
export async function workerdBehind(origin) {
  const proxy = listenerOf(Number(new URL(origin).port));
  if (proxy === null) return null;
  const wrangler = parentOf(proxy);
  const siblings = pids().filter(
    (pid) =>
      pid !== proxy &&
      (() => {
        try {
          return parentOf(pid) === wrangler && commOf(pid) === "workerd";
        } catch {
          return false;
        }
      })(),
  );
  for (const pid of siblings) {
    for (const port of listeningPortsOf(pid)) {
      const candidate = `http://127.0.0.1:${port}`;
      try {
        const response = await fetch(`${candidate}/api/config`, { signal: AbortSignal.timeout(5_000) });
        if (response.ok && response.headers.get("content-type")?.includes("json")) return { origin: candidate, pid, proxyPid: proxy };
      } catch {
        // the inspector or the debug port: not the Worker
      }
    }
  }
  return null;
}

/** How many descriptors `pid` holds, and how many of them are sockets. */
export function descriptorCount(pid) {
  let sockets = 0;
  let total = 0;
  try {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      total++;
      try {
        if (readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith("socket:")) sockets++;
      } catch {
        // closed meanwhile
      }
    }
  } catch {
    return null;
  }
  return { total, sockets };
}
