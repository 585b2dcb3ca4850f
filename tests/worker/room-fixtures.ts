// Community rooms in the Worker tests (decision 106): a room of the test's own (a fresh object),
// its socket, and what arrives on it. Shared by the rooms' test files.
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { roomHub } from "../../worker/services/realtime/room-hub";
import type { RoomHistoryResponse, RoomServerFrame } from "../../worker/contracts/rooms/rooms";
import { call, errorOf, ORIGIN, type TestUser } from "./helpers";
import { acceptSocket } from "./sockets";

/** The top tier the rooms' tests name, added once per file. */
export const addInnerCircle = async () => {
  await env.DB.prepare(
    "INSERT OR IGNORE INTO membership_tiers (id, rank, name_en, name_pt_br, badge_color, monthly_usd_cents) VALUES ('inner-circle', 2, 'Inner Circle', 'Círculo Íntimo', '#7c3aed', 2499)",
  ).run();
};

type Audience = { access?: "members" | "tier" | "ticket"; tierId?: string; eventId?: string };

let serial = 0;
/** A room of the test's own (a fresh object), readable and writable as asked. */
export async function room({
  read = {},
  write = {},
  slowModeSeconds = 0,
  archived = false,
}: { read?: Audience; write?: Audience; slowModeSeconds?: number; archived?: boolean } = {}) {
  const id = `room-${++serial}-${crypto.randomUUID().slice(0, 8)}`;
  await env.DB.prepare(
    `INSERT INTO rooms (id, name_en, name_pt_br, read_access, read_tier_id, read_event_id, write_access, write_tier_id, write_event_id, slow_mode_seconds, position, archived_at)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)`,
  )
    .bind(
      id,
      `Room ${serial}`,
      `Sala ${serial}`,
      read.access ?? "members",
      read.tierId ?? null,
      read.eventId ?? null,
      write.access ?? "members",
      write.tierId ?? null,
      write.eventId ?? null,
      slowModeSeconds,
      serial,
      archived ? Date.now() : null,
    )
    .run();
  return id;
}

export const upgrade = (roomId: string, user: TestUser | null, { origin = ORIGIN, after }: { origin?: string; after?: number | string } = {}) =>
  call(`/api/rooms/${roomId}/live${after === undefined ? "" : `?after=${after}`}`, { cookie: user?.cookie, headers: { upgrade: "websocket", origin } });

export async function connect(roomId: string, user: TestUser, after?: number) {
  const res = await upgrade(roomId, user, { after });
  expect(res.status).toBe(101);
  return acceptSocket(res.webSocket!);
}
export type Socket = Awaited<ReturnType<typeof connect>>;

export const framesOf = (messages: string[]) => messages.filter((m) => m.startsWith("{")).map((m) => JSON.parse(m) as RoomServerFrame);
export const ofType = <T extends RoomServerFrame["type"]>(socket: Socket, type: T) =>
  framesOf(socket.messages).filter((f): f is Extract<RoomServerFrame, { type: T }> => f.type === type);
export async function welcomeOf(socket: Socket) {
  await socket.until((m) => framesOf(m).some((f) => f.type === "welcome"));
  return ofType(socket, "welcome")[0]!;
}
export const texts = (socket: Socket) => ofType(socket, "message").map((f) => f.message.text);
export const errorsOf = (socket: Socket) => ofType(socket, "error").map((f) => f.code);
let clientSerial = 0;
export const clientId = () => `client-${++clientSerial}-${crypto.randomUUID().slice(0, 8)}`;
export const say = (socket: Socket, text: string, id = clientId()) => socket.ws.send(JSON.stringify({ type: "send", clientId: id, text }));
/** Sends a ping and waits for its pong: the room handles frames in order, so every frame before it has been handled. */
export async function roundTrip(socket: Socket) {
  const pongs = socket.messages.filter((m) => m === "pong").length;
  socket.ws.send("ping");
  await socket.until((m) => m.filter((x) => x === "pong").length > pongs);
}
export const history = async (roomId: string, user: TestUser, before?: number) => {
  const res = await call(`/api/rooms/${roomId}/messages${before ? `?before=${before}` : ""}`, { cookie: user.cookie });
  return { status: res.status, body: res.status === 200 ? ((await res.json()) as RoomHistoryResponse) : await errorOf(res) };
};
export const stored = (roomId: string) => roomHub(env, roomId).history(null, 1000);
