// Live shows and the rest of the site (decision 113): the member's data export lists the shows
// they watched; an online ticket type is made in the back office, shows no QR in /tickets but a
// watch link, is refused at the door as online_only, and is refunded by the event's cancellation
// like any ticket (its holder then loses the stream).
import { env } from "cloudflare:workers";
import { unzipSync, strFromU8 } from "fflate";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { call, createUser, type TestUser } from "./helpers";
import { putDemoMedia, seedShow, tokenFor } from "./live-fixtures";
import { insertIssuedTickets, seedTicketType } from "./ticket-fixtures";
import type { DataExportStatus } from "../../worker/contracts/member-data";
import type { MyTicketsResponse } from "../../worker/contracts/tickets/mine-model";
import type { AdminTicketTypeResponse } from "../../worker/contracts/tickets/admin-ticket-types";

const D1 = (env as unknown as { DB: D1Database }).DB;
let admin: TestUser;

beforeAll(async () => {
  admin = await createUser("admin");
  await putDemoMedia();
});

describe("the data export", () => {
  it("lists the live shows the member watched, and no one else's", async () => {
    const eventId = await seedShow({ state: "live" });
    const [member, other] = [await createUser("user"), await createUser("user")];
    expect((await tokenFor(eventId, member)).status).toBe(200);
    expect((await tokenFor(eventId, other)).status).toBe(200);
    const res = await call("/api/account/export", { method: "POST", json: { currentPassword: member.password }, cookie: member.cookie });
    const status = (await res.json()) as DataExportStatus;
    expect(status.status).toBe("ready");
    const zip = await call(status.downloadUrl!, { cookie: member.cookie });
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    const watches = (JSON.parse(strFromU8(files["live-shows.json"]!)) as { liveWatches: { eventId: string; userId: string }[] }).liveWatches;
    expect(watches.map((w) => [w.eventId, w.userId])).toEqual([[eventId, member.id]]);
  });
});

describe("online tickets", () => {
  it("are a kind of ticket type the back office makes and edits", async () => {
    const { seedTicketEvent } = await import("./ticket-fixtures");
    const eventId = await seedTicketEvent();
    const base = { name: "Stream pass", priceCents: 1000, quantity: 50 };
    const made = await call(`/api/admin/events/${eventId}/ticket-types`, { method: "POST", json: { ...base, kind: "online" }, cookie: admin.cookie });
    expect(made.status).toBe(201);
    const { ticketType } = (await made.json()) as AdminTicketTypeResponse;
    expect(ticketType.kind).toBe("online");
    const plain = await call(`/api/admin/events/${eventId}/ticket-types`, { method: "POST", json: base, cookie: admin.cookie });
    expect(((await plain.json()) as AdminTicketTypeResponse).ticketType.kind).toBe("venue");
    const edited = await call(`/api/admin/events/${eventId}/ticket-types/${ticketType.id}`, {
      method: "PUT",
      json: { ...base, kind: "venue" },
      cookie: admin.cookie,
    });
    expect(((await edited.json()) as AdminTicketTypeResponse).ticketType.kind).toBe("venue");
    const bad = await call(`/api/admin/events/${eventId}/ticket-types/${ticketType.id}`, {
      method: "PUT",
      json: { ...base, kind: "balcony" },
      cookie: admin.cookie,
    });
    expect(bad.status).toBe(400);
    expect((await D1.prepare("SELECT kind FROM ticket_types WHERE id = ?").bind(ticketType.id).first<{ kind: string }>())!.kind).toBe("venue");
  });

  it("show a watch link and no QR in /tickets, and are refused at the door as online_only", async () => {
    const eventId = await seedShow({ access: "ticket", state: "live" });
    const online = await seedTicketType(eventId, { name: "Online" });
    await D1.prepare("UPDATE ticket_types SET kind = 'online' WHERE id = ?").bind(online).run();
    const venue = await seedTicketType(eventId, { name: "Floor" });
    const holder = await createUser("user");
    const { tickets } = await insertIssuedTickets({ eventId, ticketTypeId: online, userId: holder.id, email: holder.email });
    await insertIssuedTickets({ eventId, ticketTypeId: venue, userId: holder.id, email: holder.email });
    const mine = (await (await call("/api/tickets", { cookie: holder.cookie })).json()) as MyTicketsResponse;
    const all = [...mine.upcoming, ...mine.past].flatMap((g) => g.tickets);
    const watch = all.find((t) => t.typeName === "Online")!;
    const floor = all.find((t) => t.typeName === "Floor")!;
    expect(watch).toMatchObject({ kind: "online", token: null, watchUrl: `/live/${eventId}` });
    expect(floor).toMatchObject({ kind: "venue", watchUrl: `/live/${eventId}` });
    expect(floor.token).toEqual(expect.any(String));
    const door = await createUser("user");
    await D1.prepare("UPDATE users SET is_door_staff = 1 WHERE id = ?").bind(door.id).run();
    const scan = await call("/api/check-in", { method: "POST", json: { eventId, code: tickets[0]!.code }, cookie: door.cookie });
    expect(scan.status).toBe(200);
    expect(((await scan.json()) as { result: string }).result).toBe("online_only");
    expect(
      (await D1.prepare("SELECT checked_in_at FROM event_tickets WHERE id = ?").bind(tickets[0]!.id).first<{ checked_in_at: number | null }>())!.checked_in_at,
    ).toBeNull();
    // The online ticket opens the show.
    expect((await tokenFor(eventId, holder)).status).toBe(200);
  });
});

describe("an online show's cancellation", () => {
  it("refunds online tickets like any ticket: no new token after, the token held plays until it expires", async () => {
    const eventId = await seedShow({ access: "ticket", state: "live" });
    const online = await seedTicketType(eventId, { name: "Online", priceCents: 1500 });
    await D1.prepare("UPDATE ticket_types SET kind = 'online' WHERE id = ?").bind(online).run();
    const holder = await createUser("user");
    const order = await insertIssuedTickets({ eventId, ticketTypeId: online, userId: holder.id, email: holder.email, priceCents: 1500 });
    await D1.prepare("UPDATE orders SET payment_intent_id = ? WHERE id = ?").bind(`pi_local_${order.orderId}`, order.orderId).run();
    const held = await tokenFor(eventId, holder);
    expect(held.status).toBe(200);
    const cancel = await call(`/api/admin/events/${eventId}/cancel`, { method: "POST", json: { confirmBuyers: 1 }, cookie: admin.cookie });
    expect(cancel.status).toBe(200);
    await vi.waitFor(
      async () => {
        const row = await D1.prepare("SELECT status, refunded_cents FROM orders WHERE id = ?")
          .bind(order.orderId)
          .first<{ status: string; refunded_cents: number }>();
        expect(row).toMatchObject({ refunded_cents: 1500 });
      },
      { timeout: 20_000, interval: 50 },
    );
    const ticket = await D1.prepare("SELECT status FROM event_tickets WHERE order_id = ?").bind(order.orderId).first<{ status: string }>();
    expect(ticket!.status).toBe("cancelled");
    // The event is cancelled: its show is gone for the holder, whose held token still plays.
    expect(await tokenFor(eventId, holder)).toMatchObject({ status: 404, code: "not_found" });
    expect((await call(held.body!.playlistUrl)).status).toBe(200);
  });
});
