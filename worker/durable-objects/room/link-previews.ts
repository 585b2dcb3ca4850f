// Link previews in a community room (decision 110): once a message went out, the cards of its links
// to the site's own pages are built from D1 (services/room-previews.ts), kept with the message, and
// sent to everyone as a `previews` frame. The builder is imported with the first message that has a
// link, not at start-up (decision 078).
import type { RoomScope } from "./scope";
import { onFirstUse } from "../../lib/first-use";

/** The cards' builder, imported once; the Worker tests load it before any object runs. */
const previewBuilder = onFirstUse(() => import("../../services/room-previews"));

export function buildPreviews(room: RoomScope, siteUrl: string, seq: number, text: string) {
  if (!/https?:\/\//i.test(text)) return;
  room.afterwards("building link previews", async (db) => {
    const { linkPreviews } = await previewBuilder();
    const previews = await linkPreviews(db, text, siteUrl);
    if (previews.length === 0) return;
    room.sql.exec("INSERT OR REPLACE INTO previews (seq, cards) VALUES (?, ?)", seq, JSON.stringify(previews));
    room.broadcast({ type: "previews", seq, previews });
  });
}
