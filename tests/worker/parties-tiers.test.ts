// Listening parties for "tier at least X" (decision 104): a VIP-only party set to Inner Circle opens
// (its page, its play grant, its socket) to Inner Circle members and admins only, 403 tier_required
// at the upgrade for a VIP; one left at VIP (min_tier_id null) keeps "VIP and above". A member moved
// down below a party's tier leaves its room (4403 tier_ended) and keeps a VIP party. The back
// office stores `minTierId` on a VIP-only party: an unknown tier 400 tier_gate_unknown, an archived
// one not already the party's 400 tier_gate_archived, the free tier a 400; nothing stored.
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { listeningParties } from "../../worker/db/schema/music";
import { forgetTiers } from "../../worker/db/tiers/tiers";
import { SOCKET_CLOSE_VIP_ENDED } from "../../worker/contracts/realtime";
import type { PartyServerFrame, PartyTrack } from "../../worker/contracts/parties/parties";
import { call, createUser, db, errorOf, ORIGIN, type TestUser } from "./helpers";
import { acceptSocket, closeOpenSockets, type AcceptedSocket } from "./sockets";
import { addInnerCircle } from "./tier-fixtures";
import { backgroundWorkSettled } from "../../worker/lib/background-work";

const D1 = (env as unknown as { DB: D1Database }).DB;
const TRACKS: PartyTrack[] = [
  { id: "radio-heartline-1", title: "Radio Heartline", albumId: "radio-heartline", albumTitle: "Radio Heartline", coverUrl: null, durationSeconds: 80 },
];

/** A VIP-only party on now, for `minTierId` and above (null: VIP and above). */
async function party(minTierId: string | null) {
  const id = crypto.randomUUID();
  await db()
    .insert(listeningParties)
    .values({
      id,
      title: "Tier party",
      sourceType: "album",
      albumId: "radio-heartline",
      sourceTitle: "Radio Heartline",
      tracks: TRACKS,
      durationSeconds: 80,
      startsAt: new Date(Date.now() - 1000),
      vipOnly: true,
      minTierId,
    });
  return id;
}

// Each test's sockets are closed, and each close answered, before the next test: a socket left
// unaccepted or closed without its answer makes workerd log a dropped pipe's stack.
afterEach(closeOpenSockets);

const upgrade = (partyId: string, cookie: string | undefined) =>
  call(`/api/parties/${partyId}/live`, { cookie, headers: { upgrade: "websocket", origin: ORIGIN } });

type Socket = AcceptedSocket & { closedWith: Promise<{ code: number; reason: string }> };

async function connect(partyId: string, user: TestUser): Promise<Socket> {
  const res = await upgrade(partyId, user.cookie);
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  const closedWith = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.addEventListener("close", (e) => resolve({ code: e.code, reason: e.reason })),
  );
  const socket = { ...acceptSocket(ws), closedWith };
  await socket.until((m) => m.some((x) => x.startsWith("{") && (JSON.parse(x) as PartyServerFrame).type === "welcome"));
  return socket;
}

/** Sends "ping" and waits for "pong": the socket is open and answered. */
async function stillOpen(socket: Socket) {
  const pongs = socket.messages.filter((m) => m === "pong").length;
  socket.ws.send("ping");
  await socket.until((m) => m.filter((x) => x === "pong").length > pongs);
  expect(socket.isClosed()).toBe(false);
}

const ROLES = ["visitor", "member", "vip", "inner circle", "admin", "banned"] as const;
type Who = (typeof ROLES)[number];

async function cookieOf(role: Who): Promise<string | undefined> {
  if (role === "visitor") return undefined;
  if (role === "member") return (await createUser("user")).cookie;
  if (role === "inner circle") return (await createUser("vip", { tierId: "inner-circle" })).cookie;
  return (await createUser(role)).cookie;
}

/** [status, code] of the page, the play grant and the socket for each role: a party at Inner Circle, one at VIP. */
const EXPECTED: Record<Who, { circle: [number, string | null]; vip: [number, string | null] }> = {
  visitor: { circle: [401, "unauthorized"], vip: [401, "unauthorized"] },
  member: { circle: [403, "tier_required"], vip: [403, "vip_required"] },
  vip: { circle: [403, "tier_required"], vip: [200, null] },
  "inner circle": { circle: [200, null], vip: [200, null] },
  admin: { circle: [200, null], vip: [200, null] },
  banned: { circle: [401, "unauthorized"], vip: [401, "unauthorized"] },
};

beforeAll(addInnerCircle);

describe("a VIP party for Inner Circle and above", () => {
  it.each(ROLES)("%s: the page, the play grant and the socket of a party at Inner Circle and one at VIP", async (role) => {
    const cookie = await cookieOf(role);
    for (const which of ["circle", "vip"] as const) {
      const id = await party(which === "circle" ? "inner-circle" : null);
      const [status, code] = EXPECTED[role][which];
      const page = await call(`/api/parties/${id}`, { cookie });
      const play = await call(`/api/parties/${id}/play`, { method: "POST", cookie });
      const socket = await upgrade(id, cookie);
      if (socket.webSocket) acceptSocket(socket.webSocket);
      expect([page.status, play.status, socket.status], which).toEqual(status === 200 ? [200, 200, 101] : [status, status, status]);
      if (code) for (const res of [page, play, socket]) expect((await errorOf(res)).code, which).toBe(code);
    }
  });

  it("a tier the ladder no longer has admits only admins (fails closed)", async () => {
    const id = await party("gone-tier");
    const refused = await upgrade(id, await cookieOf("inner circle"));
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe("tier_required");
    const admitted = await upgrade(id, await cookieOf("admin"));
    expect(admitted.status).toBe(101);
    acceptSocket(admitted.webSocket!);
  });
});

describe("moving down a tier in a party's room", () => {
  const setComp = (id: string, tierId: string, admin: TestUser) =>
    call(`/api/admin/users/${id}/vip`, { method: "PUT", json: { comp: true, tierId }, cookie: admin.cookie });

  it("closes the Inner Circle party's socket 4403 tier_ended and keeps the VIP party's and another member's; a new upgrade is refused", async () => {
    const admin = await createUser("admin");
    const member = await createUser("user");
    expect((await setComp(member.id, "inner-circle", admin)).status).toBe(200);
    const circleRoom = await connect(await party("inner-circle"), member);
    const vipRoom = await connect(await party(null), member);
    const otherCircle = await connect(await party("inner-circle"), await createUser("vip", { tierId: "inner-circle" }));

    expect((await setComp(member.id, "vip", admin)).status).toBe(200);
    expect(await circleRoom.closedWith).toEqual({ code: SOCKET_CLOSE_VIP_ENDED, reason: "tier_ended" });
    await stillOpen(vipRoom);
    await stillOpen(otherCircle);
    const again = await upgrade((await party("inner-circle")) as string, member.cookie);
    expect(again.status).toBe(403);
    expect((await errorOf(again)).code).toBe("tier_required");
  });
});

describe("the back office's party form", () => {
  const body = (extra: Record<string, unknown> = {}) => ({
    title: "Circle night",
    sourceType: "album",
    sourceId: "radio-heartline",
    startsAt: new Date(Date.now() + 3_600_000).toISOString(),
    vipOnly: true,
    ...extra,
  });
  const stored = (id: string) => D1.prepare("SELECT vip_only, min_tier_id FROM listening_parties WHERE id = ?1").bind(id).first();
  const partyCount = async () => (await D1.prepare("SELECT count(*) AS n FROM listening_parties").first<{ n: number }>())!.n;

  it("stores minTierId on create and edit, clears it with null, and drops it for a party for every member", async () => {
    const admin = (await createUser("admin")).cookie;
    const created = await call("/api/admin/parties", { cookie: admin, json: body({ minTierId: "inner-circle" }) });
    expect(created.status).toBe(201);
    const { party: made } = await created.json<{ party: { id: string; minTierId: string | null } }>();
    expect(made.minTierId).toBe("inner-circle");
    expect(await stored(made.id)).toEqual({ vip_only: 1, min_tier_id: "inner-circle" });
    expect((await call(`/api/admin/parties/${made.id}`, { method: "PUT", cookie: admin, json: body({ minTierId: null }) })).status).toBe(200);
    expect(await stored(made.id)).toEqual({ vip_only: 1, min_tier_id: null });
    const open = await call(`/api/admin/parties/${made.id}`, { method: "PUT", cookie: admin, json: body({ vipOnly: false, minTierId: "inner-circle" }) });
    expect(open.status).toBe(200);
    expect(await stored(made.id)).toEqual({ vip_only: 0, min_tier_id: null });
  });

  it("refuses an unknown, archived, free or malformed tier with a 400 and its code; nothing is stored", async () => {
    const admin = (await createUser("admin")).cookie;
    await D1.prepare(
      "INSERT OR IGNORE INTO membership_tiers (id, rank, name_en, name_pt_br, badge_color, archived_at) VALUES ('old-gold', 3, 'Old Gold', 'Ouro Antigo', '#aa8800', 1)",
    ).run();
    forgetTiers();
    const id = await party(null);
    const before = await partyCount();
    for (const [minTierId, code] of [
      ["ghost", "tier_gate_unknown"],
      ["old-gold", "tier_gate_archived"],
      ["member", "invalid_input"],
      ["Not An Id", "invalid_input"],
    ] as const) {
      const created = await call("/api/admin/parties", { cookie: admin, json: body({ minTierId }) });
      expect(created.status, minTierId).toBe(400);
      expect(await errorOf(created), minTierId).toMatchObject({ code, field: "minTierId" });
      const edited = await call(`/api/admin/parties/${id}`, { method: "PUT", cookie: admin, json: body({ minTierId }) });
      expect(edited.status, minTierId).toBe(400);
      expect((await errorOf(edited)).code, minTierId).toBe(code);
    }
    expect(await partyCount()).toBe(before);
    expect(await stored(id)).toEqual({ vip_only: 1, min_tier_id: null });
    const kept = await party("old-gold");
    expect((await call(`/api/admin/parties/${kept}`, { method: "PUT", cookie: admin, json: body({ minTierId: "old-gold" }) })).status).toBe(200);
    expect(await stored(kept)).toEqual({ vip_only: 1, min_tier_id: "old-gold" });
  });
});

describe("tier badges in a party's room", () => {
  const framesOf = (socket: Socket) => socket.messages.filter((m) => m.startsWith("{")).map((m) => JSON.parse(m) as PartyServerFrame);
  const CIRCLE_BADGE = { id: "inner-circle", rank: 2, name: { en: "Inner Circle", ptBR: "Círculo Íntimo" }, color: "#7c3aed" };

  it("the listeners carry their tier's badge, the free tier none (the chat's authors carry theirs in the party's room)", async () => {
    const id = await party(null);
    const circle = await createUser("vip", { tierId: "inner-circle" });
    const admin = await createUser("admin");
    await connect(id, circle);

    const second = await connect(id, admin);
    const welcome = framesOf(second).find((f) => f.type === "welcome");
    if (welcome?.type !== "welcome") throw new Error("no welcome");
    const members = new Map(welcome.listeners.members.map((m) => [m.id, m.tier]));
    expect(members.get(circle.id)).toEqual(CIRCLE_BADGE);
    expect(members.get(admin.id)).toBeNull();
  });
});

describe("the admin raising an open party's tier (decision 108)", () => {
  const edit = (id: string, admin: TestUser, extra: Record<string, unknown>) =>
    call(`/api/admin/parties/${id}`, {
      method: "PUT",
      cookie: admin.cookie,
      json: { title: "Tier party", sourceType: "album", sourceId: "radio-heartline", startsAt: new Date(Date.now() - 1000).toISOString(), ...extra },
    });

  it("closes the sockets of members the new tier refuses, 4403 tier_ended; Inner Circle and admins stay", async () => {
    const admin = await createUser("admin");
    const id = await party(null);
    const vip = await connect(id, await createUser("vip"));
    const circle = await connect(id, await createUser("vip", { tierId: "inner-circle" }));
    const adminSocket = await connect(id, admin);
    const res = await edit(id, admin, { vipOnly: true, minTierId: "inner-circle" });
    expect(res.status).toBe(200);
    expect(await vip.closedWith).toEqual({ code: SOCKET_CLOSE_VIP_ENDED, reason: "tier_ended" });
    await stillOpen(circle);
    await stillOpen(adminSocket);
  });

  it("closes a free member's socket when a party for every member becomes VIP-only; lowering a tier closes nobody", async () => {
    const admin = await createUser("admin");
    const id = await party(null);
    await D1.prepare("UPDATE listening_parties SET vip_only = 0 WHERE id = ?1").bind(id).run();
    const member = await connect(id, await createUser("user"));
    const vip = await connect(id, await createUser("vip"));
    expect((await edit(id, admin, { vipOnly: true, minTierId: null })).status).toBe(200);
    expect(await member.closedWith).toEqual({ code: SOCKET_CLOSE_VIP_ENDED, reason: "tier_ended" });
    await stillOpen(vip);
    expect((await edit(id, admin, { vipOnly: false })).status).toBe(200);
    await backgroundWorkSettled();
    await stillOpen(vip);
  });
});
