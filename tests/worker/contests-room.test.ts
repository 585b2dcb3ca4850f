// A remix contest's room for talk (decision 198): made with the contest, once however often the
// contest is written, its read and write rule the contest's entering gate (every member, a tier and
// above, or ticket holders of its event) and kept in step when the admin changes the gate; left
// out of the rooms' lists; closed to new messages (archived, still readable) once the results are
// stored. The sockets' own checks at the upgrade (session, tier, ticket, Origin) decide who gets in.
import { env } from "cloudflare:workers";
import { createExecutionContext, createScheduledController } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { call, errorOf, type TestUser } from "./helpers";
import { acceptSocket } from "./sockets";
import { upgrade, connect, welcomeOf, say, roundTrip, errorsOf } from "./room-fixtures";
import {
  ADMIN_API,
  DAY,
  HOUR,
  addEvent,
  contestsFileSetUp,
  count,
  createContest,
  giveTicket,
  iso,
  rows,
  userOfRole,
  validContest,
  type ContestInput,
} from "./contests-fixtures";
import { contestRoomId } from "../../worker/contracts/contests/room";
import type { RoomsResponse } from "../../worker/contracts/rooms/rooms";

let admin: TestUser;
let trackId: string;
contestsFileSetUp((made) => ({ admin, trackId } = made));

const roomOf = (contestId: string) =>
  rows<{ id: string; read_access: string; read_tier_id: string | null; read_event_id: string | null; write_access: string; archived_at: number | null }>(
    "SELECT id, read_access, read_tier_id, read_event_id, write_access, archived_at FROM rooms WHERE contest_id = ?",
    contestId,
  );

async function upgradeStatus(roomId: string, who: TestUser | null) {
  const res = await upgrade(roomId, who);
  if (res.status === 101) {
    const socket = await acceptSocket(res.webSocket!);
    socket.ws.close();
    return [101, null];
  }
  return [res.status, (await errorOf(res)).code];
}

describe("a contest's room", { timeout: 20_000 }, () => {
  it("is made with the contest, once, for every member, and is not listed among the rooms", async () => {
    const contest = await createContest(admin, validContest(trackId));
    const roomId = contestRoomId(contest.id);
    expect(await roomOf(contest.id)).toEqual([
      { id: roomId, read_access: "members", read_tier_id: null, read_event_id: null, write_access: "members", archived_at: null },
    ]);
    const edit = await call(`${ADMIN_API}/${contest.id}`, { method: "PUT", json: validContest(trackId, { titleEn: "Renamed" }), cookie: admin.cookie });
    expect(edit.status).toBe(200);
    expect(await count("SELECT count(*) AS n FROM rooms WHERE contest_id = ?", contest.id)).toBe(1);
    expect(await rows("SELECT name_en FROM rooms WHERE id = ?", roomId)).toEqual([{ name_en: "Renamed" }]);

    const member = await userOfRole("member");
    const list = await (await call("/api/rooms", { cookie: member.cookie })).json<RoomsResponse>();
    expect(list.rooms.map((r) => r.id)).not.toContain(roomId);
    const adminList = await (await call("/api/admin/rooms", { cookie: admin.cookie })).json<{ rooms: { id: string }[] }>();
    expect(adminList.rooms.map((r) => r.id)).not.toContain(roomId);

    // Read as one room, by its id, as the contest's page links to it.
    const one = await call(`/api/rooms/${roomId}`, { cookie: member.cookie });
    expect(one.status).toBe(200);
    expect((await one.json<{ room: { locked: string | null; writeLocked: string | null } }>()).room).toMatchObject({ locked: null, writeLocked: null });

    expect(await upgradeStatus(roomId, null)).toEqual([401, "unauthorized"]);
    expect(await upgradeStatus(roomId, member)).toEqual([101, null]);
    expect(await upgradeStatus(roomId, await userOfRole("banned"))).toEqual([401, "unauthorized"]);
    const foreign = await upgrade(roomId, member, { origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
  });

  it("lets in only the tier and above when entering needs a tier, and follows the admin's change of the gate", async () => {
    const tiered: ContestInput = validContest(trackId, { enter: { access: "tier", tierId: "vip" } });
    const contest = await createContest(admin, tiered);
    const roomId = contestRoomId(contest.id);
    expect(await roomOf(contest.id)).toMatchObject([{ read_access: "tier", read_tier_id: "vip", write_access: "tier" }]);
    const [member, vip, inner, adminToo] = [await userOfRole("member"), await userOfRole("vip"), await userOfRole("inner circle"), admin];
    expect(await upgradeStatus(roomId, member)).toEqual([403, "tier_required"]);
    expect(await upgradeStatus(roomId, vip)).toEqual([101, null]);
    expect(await upgradeStatus(roomId, inner)).toEqual([101, null]);
    expect(await upgradeStatus(roomId, adminToo)).toEqual([101, null]);

    const opened = await call(`${ADMIN_API}/${contest.id}`, { method: "PUT", json: { ...tiered, enter: { access: "members" } }, cookie: admin.cookie });
    expect(opened.status).toBe(200);
    expect(await roomOf(contest.id)).toMatchObject([{ read_access: "members", read_tier_id: null }]);
    expect(await upgradeStatus(roomId, member)).toEqual([101, null]);
  });

  it("lets in only ticket holders of the contest's event when entering needs a ticket", async () => {
    const eventId = await addEvent();
    const contest = await createContest(admin, validContest(trackId, { enter: { access: "ticket", eventId } }));
    const roomId = contestRoomId(contest.id);
    expect(await roomOf(contest.id)).toMatchObject([{ read_access: "ticket", read_event_id: eventId }]);
    const [holder, other] = [await userOfRole("member"), await userOfRole("member")];
    await giveTicket(holder, eventId);
    expect(await upgradeStatus(roomId, other)).toEqual([403, "ticket_required"]);
    expect(await upgradeStatus(roomId, holder)).toEqual([101, null]);
  });

  it("closes to new messages once the results are stored, and stays readable", async () => {
    const now = Date.now();
    const contest = await createContest(
      admin,
      validContest(trackId, { entriesCloseAt: iso(now + HOUR), votingOpensAt: iso(now + HOUR), votingClosesAt: iso(now + DAY) }, now),
    );
    const roomId = contestRoomId(contest.id);
    const member = await userOfRole("member");
    const before = await connect(roomId, member);
    await welcomeOf(before);
    say(before, "Good luck everyone");
    await roundTrip(before);
    expect(errorsOf(before)).toEqual([]);

    const ended = now + DAY + HOUR;
    await worker.scheduled(createScheduledController({ scheduledTime: ended, cron: "*/5 * * * *" }), env, createExecutionContext());
    expect(await roomOf(contest.id)).toMatchObject([{ archived_at: ended }]);
    // The open page is sent away to reconnect, and the room it comes back to takes no message.
    await before.closed;
    const after = await connect(roomId, member);
    const welcome = await welcomeOf(after);
    expect(welcome.messages.map((m) => m.text)).toEqual(["Good luck everyone"]);
    say(after, "Congratulations");
    await roundTrip(after);
    expect(errorsOf(after)).toEqual(["archived"]);
    after.ws.close();
    const summary = await (await call(`/api/rooms/${roomId}`, { cookie: member.cookie })).json<{ room: { archived: boolean; writeLocked: string | null } }>();
    expect(summary.room).toMatchObject({ archived: true, writeLocked: "archived" });
  });
});
