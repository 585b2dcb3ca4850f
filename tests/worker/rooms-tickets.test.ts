// Tickets that stop admitting their holder close the holder's sockets in the rooms whose rule needs
// them (decision 107): a refund (the admin's action, or the provider's webhook), a transfer (the
// sender's), an event's cancellation (the event's rooms reconnect and are checked again). A holder
// of another valid ticket to the event keeps their socket; the transfer's recipient may open it.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "../../worker/db/client";
import { accessChanged } from "../../worker/services/access-changed";
import { SOCKET_CLOSE_ROOM_CHANGED, SOCKET_CLOSE_VIP_ENDED } from "../../worker/contracts/realtime";
import { call, createUser, errorOf, type TestUser } from "./helpers";
import { deliver } from "./payments-fixtures";
import { chargeRefundedEvent } from "./store-order-fixtures";
import { insertIssuedTickets, seedTicketEvent, seedTicketType } from "./ticket-fixtures";
import { connect, ofType, room, roundTrip, say, upgrade, welcomeOf } from "./room-fixtures";

/** An event, a room only its ticket holders may read and write, and a paid order of `count` tickets for `holder`. */
async function showRoom() {
  const eventId = await seedTicketEvent();
  const typeId = await seedTicketType(eventId, { priceCents: 2500 });
  const roomId = await room({ read: { access: "ticket", eventId }, write: { access: "ticket", eventId } });
  return { eventId, typeId, roomId };
}

async function sell(show: { eventId: string; typeId: string }, holder: TestUser, count = 1) {
  const order = await insertIssuedTickets({ eventId: show.eventId, ticketTypeId: show.typeId, count, userId: holder.id, email: holder.email });
  const paymentIntentId = `pi_local_${order.orderId}`;
  await env.DB.prepare("UPDATE orders SET payment_intent_id = ?2 WHERE id = ?1").bind(order.orderId, paymentIntentId).run();
  return { ...order, paymentIntentId, totalCents: 2500 * count };
}

async function inRoom(roomId: string, who: TestUser) {
  const socket = await connect(roomId, who);
  await welcomeOf(socket);
  return socket;
}

const refundAll = async (admin: TestUser, order: { orderId: string; totalCents: number }) => {
  const res = await call(`/api/admin/store/orders/${order.orderId}/refunds`, {
    method: "POST",
    json: { amountCents: order.totalCents, attemptId: crypto.randomUUID() },
    cookie: admin.cookie,
  });
  expect(res.status, await res.clone().text()).toBe(200);
};

/** room_access_ended (the socket helper reports the code only). */
const ROOM_ACCESS_ENDED = { code: SOCKET_CLOSE_VIP_ENDED };

async function refusedAtUpgrade(roomId: string, who: TestUser) {
  const res = await upgrade(roomId, who);
  expect(res.status).toBe(403);
  expect((await errorOf(res)).code).toBe("ticket_required");
}

describe("a ticket room", { timeout: 15_000 }, () => {
  it("opens to a holder of a ticket to its event, never to a holder of a ticket to another event", async () => {
    const show = await showRoom();
    const other = await showRoom();
    const holder = await createUser("user");
    await sell(other, holder);
    await refusedAtUpgrade(show.roomId, holder);
    await sell(show, holder);
    (await inRoom(show.roomId, holder)).ws.close();
  });
});

describe("a refunded ticket", { timeout: 15_000 }, () => {
  it("through the admin's refund: the holder's socket in the ticket room closes 4403 room_access_ended, and the room refuses them after", async () => {
    const [admin, holder] = await Promise.all([createUser("admin"), createUser("user")]);
    const show = await showRoom();
    const order = await sell(show, holder);
    const socket = await inRoom(show.roomId, holder);
    await refundAll(admin, order);
    expect(await socket.closed).toEqual(ROOM_ACCESS_ENDED);
    await refusedAtUpgrade(show.roomId, holder);
  });

  it("through the provider's charge.refunded webhook, once applied", async () => {
    const holder = await createUser("user");
    const show = await showRoom();
    const order = await sell(show, holder, 2);
    const socket = await inRoom(show.roomId, holder);
    const full = chargeRefundedEvent({
      paymentIntentId: order.paymentIntentId,
      amount: order.totalCents,
      cumulative: order.totalCents,
      refunds: [{ id: `re_${order.orderId}`, amount: order.totalCents }],
    });
    expect(await deliver(full)).toEqual(["applied"]);
    expect(await socket.closed).toEqual(ROOM_ACCESS_ENDED);
  });

  it("a holder of another valid ticket to the event keeps their socket and may still write", async () => {
    const [admin, holder] = await Promise.all([createUser("admin"), createUser("user")]);
    const show = await showRoom();
    const refunded = await sell(show, holder);
    await sell(show, holder);
    const socket = await inRoom(show.roomId, holder);
    await refundAll(admin, refunded);
    expect(await env.DB.prepare("SELECT status FROM event_tickets WHERE order_id = ?").bind(refunded.orderId).first<string>("status")).toBe("refunded");
    // The check the refund started, run again and awaited: it leaves the socket open.
    await accessChanged(env, createDb(env.DB), { kind: "order-tickets", orderId: refunded.orderId });
    say(socket, "still in");
    await roundTrip(socket);
    expect(ofType(socket, "message").map((f) => f.message.text)).toEqual(["still in"]);
    expect(ofType(socket, "access")).toEqual([]);
    socket.ws.close();
  });
});

describe("a transferred ticket", { timeout: 15_000 }, () => {
  it("closes the sender's socket in the ticket room, and the recipient may open it", async () => {
    const [sender, recipient] = await Promise.all([createUser("user"), createUser("user")]);
    const show = await showRoom();
    const order = await sell(show, sender);
    const socket = await inRoom(show.roomId, sender);
    await refusedAtUpgrade(show.roomId, recipient);
    const res = await call(`/api/tickets/${order.tickets[0]!.id}/transfer`, { method: "POST", json: { username: recipient.username }, cookie: sender.cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await socket.closed).toEqual(ROOM_ACCESS_ENDED);
    await refusedAtUpgrade(show.roomId, sender);
    (await inRoom(show.roomId, recipient)).ws.close();
  });
});

describe("a cancelled event", { timeout: 15_000 }, () => {
  it("closes every socket of its ticket rooms with 4409 room_changed; holders are refused on reconnecting", async () => {
    const [admin, holder] = await Promise.all([createUser("admin"), createUser("user")]);
    const show = await showRoom();
    await sell(show, holder);
    const socket = await inRoom(show.roomId, holder);
    const res = await call(`/api/admin/events/${show.eventId}/cancel`, { method: "POST", json: { confirmBuyers: 1 }, cookie: admin.cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await socket.closed).toEqual({ code: SOCKET_CLOSE_ROOM_CHANGED });
    await refusedAtUpgrade(show.roomId, holder);
  });
});
