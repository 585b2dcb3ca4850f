// A message's fan-out in a community room (decision 115): the sender's own answer (the message
// frame naming its clientId) leaves before anyone else's copy, wherever the sender's socket sits
// among the room's, and every other socket still gets the message once, in the room's order.
import { describe, expect, it } from "vitest";
import { createUser } from "./helpers";
import { clientId, connect, framesOf, room, texts, welcomeOf, type Socket } from "./room-fixtures";

const SOCKETS = 12;

/** The room's sockets, one member each, every one welcomed; and the order their message frames arrive in. */
async function crowd() {
  const id = await room();
  const sockets: Socket[] = [];
  for (let i = 0; i < SOCKETS; i++) {
    const socket = await connect(id, await createUser("user"));
    await welcomeOf(socket);
    sockets.push(socket);
  }
  const arrivals: number[] = [];
  sockets.forEach((socket, i) =>
    socket.ws.addEventListener("message", (event) => {
      if (typeof event.data === "string" && event.data.startsWith('{"type":"message"')) arrivals.push(i);
    }),
  );
  return { sockets, arrivals };
}

const gotMessages = (socket: Socket, count: number) => socket.until((m) => framesOf(m).filter((f) => f.type === "message").length >= count);

describe("a message's fan-out", { timeout: 20_000 }, () => {
  it.each([
    ["the room's first socket", 0],
    ["a socket in the middle", SOCKETS / 2],
    ["the room's newest socket", SOCKETS - 1],
  ])("the sender (%s) has its answer before any other socket has the message", async (_where, sender) => {
    const { sockets, arrivals } = await crowd();
    const id = clientId();
    sockets[sender]!.ws.send(JSON.stringify({ type: "send", clientId: id, text: "mine first" }));
    await Promise.all(sockets.map((s) => gotMessages(s, 1)));
    expect(arrivals[0]).toBe(sender);
    expect(arrivals.toSorted((a, b) => a - b)).toEqual(sockets.map((_, i) => i));
    const echo = framesOf(sockets[sender]!.messages).find((f) => f.type === "message");
    expect(echo).toMatchObject({ clientId: id, message: { seq: 1, text: "mine first" } });
  });

  it("messages sent one after another reach every socket once, in the room's order, each sender's answer first", async () => {
    const { sockets } = await crowd();
    for (let i = 0; i < 3; i++) sockets[i * 4]!.ws.send(JSON.stringify({ type: "send", clientId: clientId(), text: `m${i}` }));
    await Promise.all(sockets.map((s) => gotMessages(s, 3)));
    for (const socket of sockets) expect(texts(socket)).toEqual(["m0", "m1", "m2"]);
  });
});
