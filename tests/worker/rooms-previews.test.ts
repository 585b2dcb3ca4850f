// Link previews in community rooms (decision 110): a message's links to the site's own track,
// album, event and product pages get cards built from D1 as a visitor sees those pages, sent to
// every socket as a `previews` frame and kept with the message; an unreleased track, a draft event
// or product, and links to other sites get none; at most three cards a message.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createUser } from "./helpers";
import { clientId, connect, framesOf, history, ofType, room, welcomeOf, type Socket } from "./room-fixtures";

const D1 = env.DB;
const SITE = (env as unknown as { SITE_URL: string }).SITE_URL;

async function releasedTrack() {
  const row = await D1.prepare(
    `SELECT t.id, t.title, a.id AS album_id, a.title AS album_title, a.year FROM tracks t JOIN albums a ON a.id = t.album_id
     WHERE t.release_at IS NULL AND a.release_at IS NULL ORDER BY t.id LIMIT 1`,
  ).first<{ id: string; title: string; album_id: string; album_title: string; year: number }>();
  expect(row).not.toBeNull();
  return row!;
}
let serial = 0;
async function event(status: "published" | "draft") {
  const id = `preview-event-${++serial}`;
  await D1.prepare(
    "INSERT INTO events (id, title, title_pt_br, event_date, status, source, venue_name, venue_city) VALUES (?, ?, ?, ?, ?, 'custom', 'The Hall', 'Miami')",
  )
    .bind(id, `Show ${serial}`, `Show ${serial} (pt)`, Date.UTC(2031, 0, 1), status)
    .run();
  return id;
}
async function product(state: "live" | "draft") {
  const slug = `preview-shirt-${++serial}`;
  await D1.prepare(
    "INSERT INTO products (id, slug, kind, state, title, title_pt_br, price_usd_cents, price_brl_cents) VALUES (?, ?, 'merch', ?, ?, ?, 2500, 12000)",
  )
    .bind(crypto.randomUUID(), slug, state, `Shirt ${serial}`, `Camiseta ${serial}`)
    .run();
  return slug;
}

/** A room of its own with a member's socket in it, and a way to send. */
async function inRoom() {
  const roomId = await room();
  const member = await createUser("user");
  const socket = await connect(roomId, member);
  await welcomeOf(socket);
  const send = (text: string) => socket.ws.send(JSON.stringify({ type: "send", clientId: clientId(), text }));
  return { roomId, member, socket, send };
}
const cardsOf = (socket: Socket) => ofType(socket, "previews").map((f) => ({ seq: f.seq, paths: f.previews.map((card) => card.path) }));

describe("link previews", () => {
  it("a track, an album, an event and a product each get a card from the site's data, live and in the history", async () => {
    const track = await releasedTrack();
    const [eventId, slug] = [await event("published"), await product("live")];
    const { roomId, member, socket, send } = await inRoom();
    send(`listen ${SITE}/music/track/${track.id} and ${SITE}/music/catalog/${track.album_id}!`);
    send(`see you at ${SITE}/events#event-${eventId}, get ${SITE}/store/${slug}`);
    await socket.until((m) => framesOf(m).filter((f) => f.type === "previews").length === 2);
    const cards = ofType(socket, "previews").flatMap((f) => f.previews);
    expect(cards).toEqual([
      expect.objectContaining({ kind: "track", path: `/music/track/${track.id}`, title: { en: track.title, ptBR: track.title }, subtitle: track.album_title }),
      expect.objectContaining({
        kind: "album",
        path: `/music/catalog/${track.album_id}`,
        title: { en: track.album_title, ptBR: track.album_title },
        subtitle: String(track.year),
      }),
      {
        kind: "event",
        path: `/events#event-${eventId}`,
        title: { en: `Show ${serial - 1}`, ptBR: `Show ${serial - 1} (pt)` },
        subtitle: "The Hall, Miami",
        imageUrl: expect.toSatisfy((v) => v === null || typeof v === "string"),
        date: new Date(Date.UTC(2031, 0, 1)).toISOString(),
        price: null,
      },
      {
        kind: "product",
        path: `/store/${slug}`,
        title: { en: `Shirt ${serial}`, ptBR: `Camiseta ${serial}` },
        subtitle: null,
        imageUrl: null,
        date: null,
        price: { usd: 2500, brl: 12000 },
      },
    ]);
    const page = await history(roomId, member);
    expect(page.body).toMatchObject({ messages: [{ previews: cards.slice(0, 2) }, { previews: cards.slice(2) }] });
  });

  it("an unreleased track, a draft event and a draft product get no card; other sites' links none", async () => {
    const track = await releasedTrack();
    await D1.prepare("UPDATE tracks SET release_at = ? WHERE id = ?")
      .bind(Date.UTC(2099, 0, 1), track.id)
      .run();
    try {
      const [draftEvent, draftProduct, live, other] = [await event("draft"), await product("draft"), await product("live"), await product("live")];
      const { roomId, member, socket, send } = await inRoom();
      // Each message has one link that does get a card, so its frame shows what the others got.
      send(`${SITE}/music/track/${track.id} ${SITE}/events#event-${draftEvent} https://elsewhere.example/store/${other} ${SITE}/store/${live}`);
      send(`${SITE}/store/${draftProduct} https://elsewhere.example/store/${other} ${SITE}/music/catalog/${track.album_id}`);
      send("no links at all");
      await socket.until((m) => framesOf(m).filter((f) => f.type === "previews").length === 2);
      expect(cardsOf(socket)).toEqual([
        { seq: 1, paths: [`/store/${live}`] },
        { seq: 2, paths: [`/music/catalog/${track.album_id}`] },
      ]);
      const page = await history(roomId, member);
      expect(page.body).toMatchObject({ messages: [{ previews: [{ kind: "product" }] }, { previews: [{ kind: "album" }] }, { previews: [] }] });
    } finally {
      await D1.prepare("UPDATE tracks SET release_at = NULL WHERE id = ?").bind(track.id).run();
    }
  });

  it("at most three cards a message, in the text's order", async () => {
    const slugs = [await product("live"), await product("live"), await product("live"), await product("live")];
    const { socket, send } = await inRoom();
    send(slugs.map((slug) => `${SITE}/store/${slug}`).join(" "));
    await socket.until((m) => framesOf(m).some((f) => f.type === "previews"));
    expect(cardsOf(socket)).toEqual([{ seq: 1, paths: slugs.slice(0, 3).map((slug) => `/store/${slug}`) }]);
  });
});
