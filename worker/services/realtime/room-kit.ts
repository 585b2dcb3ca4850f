// What the two chat rooms' objects (PartyRoom, RoomHub) do alike with their sockets and their own
// SQLite: a per-socket frames-a-second limit, a send that closes a socket it cannot write to, the
// open sockets, a key-value `meta` table, and the message rule's zod issues as the codes a client
// gets.
import { TEXT_MESSAGES } from "#contracts/text-messages.ts";
import { closeQuietly } from "./socket-sessions";

const OPEN = 1;

/** Sends a frame; a socket that cannot take it is closed (1011), never thrown at the caller. */
export function sendOrClose(ws: WebSocket, frame: string) {
  try {
    ws.send(frame);
  } catch {
    closeQuietly(ws, 1011, "send failed");
  }
}

export const openSocketsOf = (ctx: DurableObjectState) => ctx.getWebSockets().filter((ws) => ws.readyState === OPEN);

/**
 * At most `perSecond` frames a socket in each second; over it a frame is dropped, and the socket is
 * told once that second (`warn`). Kept in memory: a socket that sends keeps its object awake.
 */
export class FrameRate {
  private windows = new WeakMap<WebSocket, { second: number; count: number; warned: boolean }>();

  constructor(private readonly perSecond: number) {}

  admitted(ws: WebSocket, warn: () => void): boolean {
    const second = Math.floor(Date.now() / 1000);
    let window = this.windows.get(ws);
    if (!window || window.second !== second) this.windows.set(ws, (window = { second, count: 0, warned: false }));
    window.count++;
    if (window.count <= this.perSecond) return true;
    if (!window.warned) {
      window.warned = true;
      warn();
    }
    return false;
  }
}

/** The `meta` table (key TEXT PRIMARY KEY, value TEXT) each room keeps in its SQLite. */
export class MetaTable {
  constructor(private readonly sql: SqlStorage) {}

  get(key: string): string | null {
    return this.sql.exec<{ value: string }>("SELECT value FROM meta WHERE key = ?", key).toArray()[0]?.value ?? null;
  }

  set(key: string, value: string) {
    this.sql.exec("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value", key, value);
  }
}

/** A zod issue's text as the error code a client gets (the message rule's texts are codes). */
export function codeOfTextIssue(message: string | undefined): "empty_message" | "message_too_long" | "invalid_characters" | "bad_frame" {
  if (message === "empty_message" || message === "message_too_long") return message;
  if (message === TEXT_MESSAGES.invalidCharacters) return "invalid_characters";
  return "bad_frame";
}
