// Accepting a WebSocket the Worker answered with 101, and awaiting what arrives on it, for the
// feed and radio socket tests: no polling interval and no sleeps, so timings stay tight.

export type AcceptedSocket = {
  ws: WebSocket;
  /** Every message so far ("<binary>" for binary frames). */
  messages: string[];
  /** When each message arrived (Date.now()), index for index. */
  arrivals: number[];
  closed: Promise<{ code: number }>;
  isClosed: () => boolean;
  /** Resolves as soon as `messages` satisfies `ready`. */
  until: (ready: (messages: string[]) => boolean) => Promise<void>;
};

export function acceptSocket(ws: WebSocket): AcceptedSocket {
  const messages: string[] = [];
  const arrivals: number[] = [];
  const waiters = new Set<() => void>();
  ws.addEventListener("message", (e) => {
    messages.push(typeof e.data === "string" ? e.data : "<binary>");
    arrivals.push(Date.now());
    for (const wake of waiters) wake();
  });
  let isClosed = false;
  const closed = new Promise<{ code: number }>((resolve) =>
    ws.addEventListener("close", (e) => {
      isClosed = true;
      resolve({ code: e.code });
    }),
  );
  ws.accept();
  const until = (ready: (messages: string[]) => boolean) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (!ready(messages)) return;
        waiters.delete(check);
        resolve();
      };
      waiters.add(check);
      check();
    });
  return { ws, messages, arrivals, closed, isClosed: () => isClosed, until };
}
