// One client process of a socket measurement (scripts/lib/socket-clients.mjs starts several):
// opens the WebSockets its parent hands it, stamps every frame the parent asked about with this
// process's clock when its `message` event runs, and reports the stamps back over IPC, batched
// once per turn of the event loop. Times are epoch milliseconds with sub-millisecond precision
// (performance.timeOrigin + performance.now()), comparable across processes on one machine.
//
// Frame kinds (`kind` in the open command):
// - "feed": every post.created event of an `events` frame is one arrival, keyed `post:<id>`;
// - "party": the n-th `reactions` frame a socket gets is keyed `reactions:<n>`;
// - "room": a community room's `message` frame is keyed `room:<the message's text>` (the measurement
//   makes every text unique).
// Each arrival carries the frame's `sentAt` (the server's stamp, when the hub started that send),
// where the frame has one.
const now = () => performance.timeOrigin + performance.now();

/** Arrivals waiting for the next report: [key, receivedAt, sentAt]. */
let pending = [];
let reportArmed = false;
function arrived(key, at, sentAt) {
  pending.push([key, at, sentAt ?? null]);
  if (reportArmed) return;
  reportArmed = true;
  setImmediate(() => {
    reportArmed = false;
    const items = pending;
    pending = [];
    process.send({ type: "arrivals", items });
  });
}

function keysOf(kind, data, client) {
  if (typeof data !== "string" || !data.startsWith("{")) return null;
  const frame = JSON.parse(data);
  if (kind === "feed" && frame.type === "events") {
    const keys = frame.events.filter((e) => e.type === "post.created").map((e) => `post:${e.postId}`);
    return { keys, sentAt: frame.sentAt };
  }
  if (kind === "party" && frame.type === "reactions") return { keys: [`reactions:${++client.reactionFrames}`], sentAt: frame.sentAt };
  if (kind === "room" && frame.type === "message") return { keys: [`room:${frame.message.text}`], sentAt: frame.sentAt };
  return null;
}

const sockets = [];

/** Opens one socket; resolves once it is ready (open, or its first frame for "party" and "room") or failed. */
function openOne({ url, origin, cookie, kind, timeoutMs }) {
  return new Promise((resolve) => {
    const client = { createdAt: now(), readyMs: null, state: "opening", reactionFrames: 0, ws: null };
    const stop = setTimeout(() => resolve(client), timeoutMs);
    const ready = () => {
      if (client.readyMs !== null) return;
      client.readyMs = now() - client.createdAt;
      clearTimeout(stop);
      resolve(client);
    };
    const ws = new WebSocket(url, { headers: { cookie, origin } });
    client.ws = ws;
    ws.addEventListener("open", () => {
      client.state = "open";
      if (kind === "feed") ready();
    });
    ws.addEventListener("message", (e) => {
      const at = now();
      if (kind !== "feed") ready();
      let found;
      try {
        found = keysOf(kind, e.data, client);
      } catch {
        return;
      }
      if (found) for (const key of found.keys) arrived(key, at, found.sentAt);
    });
    ws.addEventListener("close", (e) => {
      client.state = client.state === "opening" ? `refused (${e.code})` : `closed (${e.code})`;
      clearTimeout(stop);
      resolve(client);
    });
    ws.addEventListener("error", () => {
      // the close event follows with its code
    });
  });
}

/** `urls`, when given, is one address per cookie (sockets to several rooms); else every socket goes to `url`. */
async function open({ url, urls, origin, cookies, kind, concurrency, timeoutMs }) {
  let next = 0;
  const opened = [];
  await Promise.all(
    Array.from({ length: Math.min(concurrency, cookies.length) }, async () => {
      while (next < cookies.length) {
        const n = next++;
        const client = await openOne({ url: urls?.[n] ?? url, origin, cookie: cookies[n], kind, timeoutMs });
        sockets.push(client);
        opened.push(client);
      }
    }),
  );
  const states = {};
  for (const c of opened) if (c.readyMs === null) states[c.state] = (states[c.state] ?? 0) + 1;
  process.send({ type: "opened", readyMs: opened.filter((c) => c.readyMs !== null).map((c) => c.readyMs), states });
}

process.on("message", (command) => {
  if (command.type === "open") void open(command);
  else if (command.type === "live") process.send({ type: "live", count: sockets.filter((c) => c.ws.readyState === WebSocket.OPEN).length });
  else if (command.type === "close") {
    for (const c of sockets) {
      try {
        c.ws.close(1000, "measurement done");
      } catch {
        // already closed
      }
    }
    setTimeout(() => process.exit(0), 500);
  }
});
process.on("disconnect", () => process.exit(0));
