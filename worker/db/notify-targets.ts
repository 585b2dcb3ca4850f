// What the back office's "Notify fans" can announce: an album, an event or a TV channel, read with
// just the fields the announcement needs (its title in each language and whether it may be
// announced now). The route decides what each state means (decision 044).
import type { DB } from "./client";

export type NotifyAlbum = { id: string; title: string; releaseAt: number | null; earlyAccessAt: number | null };
export type NotifyEvent = { id: string; title: string; titlePtBr: string | null; status: string; eventDate: number; endDate: number | null };
export type NotifyChannel = { id: string; name: string; namePtBr: string | null; type: string };

export async function findNotifyAlbum(db: DB, id: string): Promise<NotifyAlbum | null> {
  return db.$client
    .prepare(`SELECT id, title, release_at AS releaseAt, early_access_at AS earlyAccessAt FROM albums WHERE id = ?`)
    .bind(id)
    .first<NotifyAlbum>();
}

export async function findNotifyEvent(db: DB, id: string): Promise<NotifyEvent | null> {
  return db.$client
    .prepare(`SELECT id, title, title_pt_br AS titlePtBr, status, event_date AS eventDate, end_date AS endDate FROM events WHERE id = ?`)
    .bind(id)
    .first<NotifyEvent>();
}

export async function findNotifyChannel(db: DB, id: string): Promise<NotifyChannel | null> {
  return db.$client.prepare(`SELECT id, name, name_pt_br AS namePtBr, type FROM tv_channels WHERE id = ?`).bind(id).first<NotifyChannel>();
}
