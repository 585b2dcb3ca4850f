// Pictures in community rooms (decision 110): POST /api/rooms/:id/pictures takes a picture with the
// posts' checks from a member who may write there now, keeps it in R2 under the room and answers a
// signed id; a send frame names up to four ids of the sender's own uploads to that room, each taken
// once; the pictures reach every socket and the history, and their URL answers only members who may
// read the room. Hiding the message removes its pictures from R2.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { forgetTiers } from "../../worker/db/tiers/tiers";
import { ROOM_PICTURES_MAX, ROOM_PICTURE_MAX_BYTES, type RoomPictureUploadResponse } from "../../worker/contracts/rooms/rooms";
import { call, createUser, db, errorOf, type TestUser } from "./helpers";
import { removeUnsentRoomPictures, UNSENT_PICTURE_AGE_MS } from "../../worker/services/room-unsent-pictures";
import { CRON_JOBS } from "../../worker/services/cron";
import { HOURLY_CRON } from "../../worker/services/areas/area";
import { addInnerCircle, clientId, connect, errorsOf, framesOf, history, ofType, room, roundTrip, stored, welcomeOf, type Socket } from "./room-fixtures";
import { claimingSize, PNG_1X1, pngSized } from "./image-fixtures";

beforeAll(async () => {
  await addInnerCircle();
  forgetTiers();
});

const media = (env as unknown as { MEDIA: R2Bucket }).MEDIA;
const roomKeys = async (roomId: string) => (await media.list({ prefix: `rooms/${roomId}/` })).objects.map((o) => o.key);

function pictureForm(bytes: Uint8Array, name = "photo.png", type = "image/png") {
  const form = new FormData();
  form.append("picture", new File([bytes], name, { type }));
  return form;
}
const upload = (roomId: string, user: TestUser | null, bytes: Uint8Array = PNG_1X1, name?: string, type?: string) =>
  call(`/api/rooms/${roomId}/pictures`, { body: pictureForm(bytes, name, type), cookie: user?.cookie });
async function uploaded(roomId: string, user: TestUser) {
  const res = await upload(roomId, user);
  expect(res.status).toBe(201);
  return (await res.json<RoomPictureUploadResponse>()).pictureId;
}
async function expectRefused(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  expect((await errorOf(res)).code).toBe(code);
}
const send = (socket: Socket, text: string, pictureIds: string[], id = clientId()) =>
  socket.ws.send(JSON.stringify({ type: "send", clientId: id, text, pictureIds }));
async function joined(roomId: string, who: TestUser) {
  const socket = await connect(roomId, who);
  await welcomeOf(socket);
  return socket;
}

describe("POST /api/rooms/:id/pictures: who may upload", () => {
  it("refuses a visitor and a banned member with 401, storing nothing", async () => {
    const general = await room();
    await expectRefused(await upload(general, null), 401, "unauthorized");
    await expectRefused(await upload(general, await createUser("banned")), 401, "unauthorized");
    expect(await roomKeys(general)).toEqual([]);
  });

  it("refuses a member who may read but not write (403 tier_required), and one who may not read (403), storing nothing", async () => {
    const vipWrites = await room({ write: { access: "tier", tierId: "vip" } });
    const innerOnly = await room({ read: { access: "tier", tierId: "inner-circle" } });
    const member = await createUser("user");
    await expectRefused(await upload(vipWrites, member), 403, "tier_required");
    await expectRefused(await upload(innerOnly, await createUser("vip")), 403, "tier_required");
    await expectRefused(await upload("no-such-room", member), 404, "room_not_found");
    expect([...(await roomKeys(vipWrites)), ...(await roomKeys(innerOnly))]).toEqual([]);
    // A VIP may write in the VIP-written room; an admin anywhere.
    expect((await upload(vipWrites, await createUser("vip"))).status).toBe(201);
    expect((await upload(innerOnly, await createUser("admin"))).status).toBe(201);
  });

  it("refuses everyone in an archived room (403 room_archived) and a muted member (403 room_muted)", async () => {
    const archived = await room({ archived: true });
    await expectRefused(await upload(archived, await createUser("user")), 403, "room_archived");
    const general = await room();
    const member = await createUser("user");
    const admin = await joined(general, await createUser("admin"));
    admin.ws.send(JSON.stringify({ type: "mute", userId: member.id, minutes: 10 }));
    await roundTrip(admin);
    await expectRefused(await upload(general, member), 403, "room_muted");
    expect([...(await roomKeys(archived)), ...(await roomKeys(general))]).toEqual([]);
  });
});

describe("POST /api/rooms/:id/pictures: what it takes", () => {
  it("refuses what is not a picture, a picture too big and one too large in pixels, with R2 untouched", async () => {
    const general = await room();
    const member = await createUser("user");
    const pdf = new TextEncoder().encode("%PDF-1.7\n1 0 obj << >> endobj\n");
    await expectRefused(await upload(general, member, pdf, "photo.png", "image/png"), 400, "not_image");
    await expectRefused(await upload(general, member, pngSized(ROOM_PICTURE_MAX_BYTES + 1)), 413, "too_large");
    await expectRefused(await upload(general, member, claimingSize("png", 20_000, 10)), 400, "image_dimensions");
    expect(await roomKeys(general)).toEqual([]);
  });

  it("keeps a picture under the room and answers its id and size", async () => {
    const general = await room();
    const res = await upload(general, await createUser("user"));
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ pictureId: expect.any(String), width: 1, height: 1 });
    expect(await roomKeys(general)).toEqual([expect.stringMatching(new RegExp(`^rooms/${general}/[0-9a-f]{32}\\.png$`))]);
  });
});

describe("pictures in messages", () => {
  it("a message with a picture and no text reaches another socket and the history; its URL answers readers only", async () => {
    const vipRoom = await room({ read: { access: "tier", tierId: "vip" } });
    const [author, reader] = [await createUser("vip"), await createUser("vip")];
    const [a, b] = [await joined(vipRoom, author), await joined(vipRoom, reader)];
    send(a, "", [await uploaded(vipRoom, author)]);
    await b.until((m) => framesOf(m).some((f) => f.type === "message"));
    const [live] = ofType(b, "message");
    const key = (await roomKeys(vipRoom))[0]!;
    const url = `/api/rooms/${vipRoom}/pictures/${key.split("/").pop()}`;
    expect(live!.message).toMatchObject({ text: "", pictures: [{ url, width: 1, height: 1 }], previews: [] });
    const page = await history(vipRoom, reader);
    expect(page.body).toMatchObject({ messages: [{ pictures: [{ url, width: 1, height: 1 }] }] });

    const seen = await call(url, { cookie: reader.cookie });
    expect(seen.status).toBe(200);
    expect(seen.headers.get("content-type")).toBe("image/png");
    expect(seen.headers.get("cache-control")).toBe("private, max-age=3600");
    expect(new Uint8Array(await seen.arrayBuffer())).toEqual(PNG_1X1);
    await expectRefused(await call(url, { cookie: (await createUser("user")).cookie }), 403, "tier_required");
    await expectRefused(await call(url), 401, "unauthorized");
  });

  it("refuses another member's picture, another room's, one sent already, and more than four; empty text needs a picture", async () => {
    const [general, other] = [await room(), await room()];
    const [member, someoneElse] = [await createUser("user"), await createUser("user")];
    const socket = await joined(general, member);
    const mine = await uploaded(general, member);
    send(socket, "theirs", [await uploaded(general, someoneElse)]);
    send(socket, "elsewhere", [await uploaded(other, member)]);
    send(socket, "forged", [`${mine.slice(0, -4)}AAAA`]);
    send(socket, "twice in one", [mine, mine]);
    send(socket, "first", [mine]);
    send(socket, "again", [mine]);
    const five = await Promise.all(Array.from({ length: ROOM_PICTURES_MAX + 1 }, () => uploaded(general, member)));
    send(socket, "five", five);
    send(socket, "   ", []);
    send(socket, "four", five.slice(0, ROOM_PICTURES_MAX));
    await roundTrip(socket);
    expect(errorsOf(socket)).toEqual([
      "picture_refused",
      "picture_refused",
      "picture_refused",
      "picture_refused",
      "picture_refused",
      "too_many_pictures",
      "empty_message",
    ]);
    const messages = (await stored(general)).messages;
    expect(messages.map((m) => [m.text, m.pictures.length])).toEqual([
      ["first", 1],
      ["four", ROOM_PICTURES_MAX],
    ]);
  });

  it("a resend of a message with pictures is stored once", async () => {
    const general = await room();
    const member = await createUser("user");
    const socket = await joined(general, member);
    const picture = await uploaded(general, member);
    const id = clientId();
    send(socket, "once", [picture], id);
    send(socket, "once", [picture], id);
    await roundTrip(socket);
    expect(errorsOf(socket)).toEqual([]);
    expect((await stored(general)).messages.map((m) => m.pictures.length)).toEqual([1]);
  });

  it("hiding the message removes its pictures from R2: the URL answers 404", async () => {
    const general = await room();
    const [member, admin] = [await createUser("user"), await createUser("admin")];
    const [socket, mod] = [await joined(general, member), await joined(general, admin)];
    send(socket, "look", [await uploaded(general, member)]);
    await mod.until((m) => framesOf(m).some((f) => f.type === "message"));
    const { seq, pictures } = ofType(mod, "message")[0]!.message;
    expect((await call(pictures[0]!.url, { cookie: member.cookie })).status).toBe(200);
    mod.ws.send(JSON.stringify({ type: "hide", seq }));
    await mod.until((m) => framesOf(m).some((f) => f.type === "hidden"));
    await expect.poll(() => roomKeys(general)).toEqual([]);
    await expectRefused(await call(pictures[0]!.url, { cookie: member.cookie }), 404, "not_found");
  });

  it("deleting the author's account removes their messages' pictures from R2 and the history", async () => {
    const general = await room();
    const [member, other] = [await createUser("user"), await createUser("user")];
    const [socket, watcher] = [await joined(general, member), await joined(general, other)];
    send(socket, "mine", [await uploaded(general, member)]);
    await watcher.until((m) => framesOf(m).some((f) => f.type === "message"));
    expect(await roomKeys(general)).toHaveLength(1);
    const res = await call("/api/account/delete", { json: { currentPassword: member.password, confirmation: member.username }, cookie: member.cookie });
    expect(res.status).toBe(200);
    expect(await roomKeys(general)).toEqual([]);
    expect((await stored(general)).messages.map((m) => [m.text, m.pictures])).toEqual([["", []]]);
  });
});

describe("pictures uploaded and never sent (decision 115)", () => {
  const uploadRows = (roomId: string) =>
    env.DB.prepare("SELECT room_id, filename, user_id, created_at FROM room_picture_uploads WHERE room_id = ? ORDER BY created_at, filename")
      .bind(roomId)
      .all<{ room_id: string; filename: string; user_id: string; created_at: number }>()
      .then((r) => r.results);
  const sweep = (at: number) => removeUnsentRoomPictures(env as never, db(), at);

  it("each upload is recorded with its room, name and uploader; a refused one records nothing", async () => {
    const general = await room();
    const archived = await room({ archived: true });
    const member = await createUser("user");
    const before = Date.now();
    await uploaded(general, member);
    const [row] = await uploadRows(general);
    expect(row).toMatchObject({ room_id: general, user_id: member.id });
    expect(row!.created_at).toBeGreaterThanOrEqual(before);
    expect(await roomKeys(general)).toEqual([`rooms/${general}/${row!.filename}`]);
    expect((await upload(archived, member)).status).toBe(403);
    expect(await uploadRows(archived)).toEqual([]);
  });

  it("a day on, the hourly job removes the unsent ones from R2, keeps the sent ones, and forgets both; again, it changes nothing", async () => {
    const [general, lounge] = [await room(), await room()];
    // The job sweeps every room: the earlier tests' uploads are left out of this one's counts.
    await env.DB.prepare("DELETE FROM room_picture_uploads").run();
    const member = await createUser("user");
    const socket = await joined(general, member);
    const sentId = await uploaded(general, member);
    await uploaded(general, member);
    await uploaded(lounge, member);
    send(socket, "this one", [sentId]);
    await socket.until((m) => framesOf(m).some((f) => f.type === "message"));
    const sentName = new URL(ofType(socket, "message")[0]!.message.pictures[0]!.url, "http://x").pathname.split("/").at(-1)!;
    const times = [...(await uploadRows(general)), ...(await uploadRows(lounge))].map((r) => r.created_at);
    const [firstAt, uploadedAt] = [Math.min(...times), Math.max(...times)];

    // Not a day old yet: nothing moves.
    expect(await sweep(firstAt + UNSENT_PICTURE_AGE_MS)).toEqual({ removed: 0, kept: 0 });
    expect(await roomKeys(general)).toHaveLength(2);
    expect(await uploadRows(general)).toHaveLength(2);

    expect(await sweep(uploadedAt + UNSENT_PICTURE_AGE_MS + 1)).toEqual({ removed: 2, kept: 1 });
    expect(await roomKeys(general)).toEqual([`rooms/${general}/${sentName}`]);
    expect(await roomKeys(lounge)).toEqual([]);
    expect([...(await uploadRows(general)), ...(await uploadRows(lounge))]).toEqual([]);
    expect((await call(ofType(socket, "message")[0]!.message.pictures[0]!.url, { cookie: member.cookie })).status).toBe(200);

    expect(await sweep(uploadedAt + UNSENT_PICTURE_AGE_MS + 3_600_000)).toEqual({ removed: 0, kept: 0 });
    expect(await roomKeys(general)).toEqual([`rooms/${general}/${sentName}`]);
  });

  it("runs as the rooms area's hourly cron job", () => {
    expect(CRON_JOBS.filter((job) => job.name === "rooms: unsent pictures").map((job) => job.cron)).toEqual([HOURLY_CRON]);
  });
});
