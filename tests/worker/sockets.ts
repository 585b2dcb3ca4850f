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

/** Sockets accepted and not yet closed (both ways), for closeOpenSockets(). */
const unclosed = new Set<AcceptedSocket>();

/**
 * Closes every socket still open and waits until each close is answered. A close a test started
 * is not finished until the Durable Object's answer arrives; one still on its way when the next
 * file's reset() stops the object makes workerd log a stack. setup.ts calls this after each file.
 */
export async function closeOpenSockets() {
  const open = [...unclosed];
  for (const socket of open) if (socket.ws.readyState === WebSocket.OPEN) socket.ws.close(1000, "file done");
  await Promise.all(open.map((socket) => socket.closed));
}

/** Sockets taken up by acceptSocket, so takeUpLeftSockets knows the ones a test never took. */
const accepted = new WeakSet<WebSocket>();

/**
 * Takes up every socket among `answers` (101s) that its test never accepted, so closeOpenSockets
 * closes it and waits for the answer: one left unaccepted is dropped later with the runtime's pipe,
 * and workerd logs each such drop with a stack. helpers.ts calls this after each test.
 */
export function takeUpLeftSockets(answers: Response[]) {
  for (const { webSocket } of answers) if (webSocket && !accepted.has(webSocket)) acceptSocket(webSocket);
}

export function acceptSocket(ws: WebSocket): AcceptedSocket {
  accepted.add(ws);
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
      unclosed.delete(socket);
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
  const socket: AcceptedSocket = { ws, messages, arrivals, closed, isClosed: () => isClosed, until };
  unclosed.add(socket);
  return socket;
}

/**
 * Close codes a peer sends, with the code a Durable Object answers it with: 1000 for codes a close
 * frame may not carry. Tests wait for that answer: a pipe dropped with a close still on its way is
 * logged by workerd.
 */
export const CLOSE_ANSWERS = [
  [1005, 1000],
  [1006, 1000],
  [1000, 1000],
  [4000, 4000],
] as const;
