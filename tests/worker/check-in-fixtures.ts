// Shared by the VIP pass and check-in tests: a fixed clock, members of every role the door knows
// (door staff included), events, complimentary grants and subscriptions with chosen start times,
// and the routes' calls. Rows are written and read with raw SQL, never with the code under test.
import { env } from "cloudflare:workers";
import { vi } from "vitest";
import { call, createUser, errorOf, type TestUser } from "./helpers";
import type { CheckInResponse, VipPassResponse } from "../../worker/contracts/tickets/vip-pass";

export const D1 = (env as unknown as { DB: D1Database }).DB;
export const SECRET = (env as unknown as { SESSION_SECRET: string }).SESSION_SECRET;

export const SEC = 1000;
export const MIN = 60 * SEC;
export const HOUR = 60 * MIN;
export const DAY = 24 * HOUR;
/** Saturday 21 November 2026, 17:00:30 UTC: half a minute into a pass window. */
export const NOW = Date.UTC(2026, 10, 21, 17, 0, 30);
/** The start of the window NOW falls in, and the next one's. */
export const WINDOW_START = Date.UTC(2026, 10, 21, 17, 0, 0);
export const NEXT_WINDOW = WINDOW_START + MIN;

/** Freezes Date at `at` (only Date: D1 and the runtime's timers keep running). */
export function freezeClock(at = NOW) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(at);
}
export const setClock = (at: number) => vi.setSystemTime(at);

export const row = <T>(query: string, ...binds: unknown[]) =>
  D1.prepare(query)
    .bind(...binds)
    .first<T>();
export const rows = async <T>(query: string, ...binds: unknown[]) =>
  (
    await D1.prepare(query)
      .bind(...binds)
      .all<T>()
  ).results;
export const exec = async (query: string, ...binds: unknown[]) => {
  await D1.prepare(query)
    .bind(...binds)
    .run();
};
export const count = async (query: string, ...binds: unknown[]) => (await row<{ n: number }>(query, ...binds))!.n;

/** Every role the new routes are checked with: the site's five and door staff. */
export type DoorRole = "visitor" | "user" | "vip" | "admin" | "door" | "banned";
export const DOOR_ROLES: DoorRole[] = ["visitor", "user", "vip", "admin", "door", "banned"];

/** A member with the door-staff flag (and nothing else). */
export async function createDoorStaff(): Promise<TestUser> {
  const user = await createUser("user");
  await D1.prepare("UPDATE users SET is_door_staff = 1 WHERE id = ?1").bind(user.id).run();
  return user;
}

export async function createRole(role: Exclude<DoorRole, "visitor">): Promise<TestUser> {
  return role === "door" ? createDoorStaff() : createUser(role);
}

/** A complimentary VIP granted at `at` (the flag set too, as the back office does). */
export async function giveComp(userId: string, at: number) {
  await D1.batch([
    D1.prepare("INSERT INTO vip_comps (user_id, granted_by, granted_at) VALUES (?1, NULL, ?2)").bind(userId, at),
    D1.prepare("UPDATE users SET is_vip = 1 WHERE id = ?1").bind(userId),
  ]);
}

/** A subscription row in `status`, created at `at`. */
export async function giveSubscription(userId: string, status: string, at: number) {
  const id = `sub_${crypto.randomUUID().slice(0, 8)}`;
  await D1.prepare("INSERT INTO subscriptions (id, user_id, customer_id, status, last_event_at, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?5, ?5)")
    .bind(id, userId, `cus_${id}`, status, at)
    .run();
}

/** Ends a member's VIP as the back office would see it: no source, no flag. */
export async function endVip(userId: string) {
  await D1.batch([
    D1.prepare("DELETE FROM vip_comps WHERE user_id = ?1").bind(userId),
    D1.prepare("DELETE FROM subscriptions WHERE user_id = ?1").bind(userId),
    D1.prepare("UPDATE users SET is_vip = 0 WHERE id = ?1").bind(userId),
  ]);
}

let serial = 0;
type EventOptions = { at?: number; hours?: number; status?: "draft" | "published" | "cancelled"; online?: boolean; title?: string };

/** An event starting `at` ms from NOW (default: in an hour), published and in person unless said. */
export async function addEvent({ at = HOUR, hours, status = "published", online = false, title }: EventOptions = {}) {
  serial++;
  const id = crypto.randomUUID();
  const start = NOW + at;
  await D1.prepare(
    "INSERT INTO events (id, title, event_date, end_date, time_zone, status, venue_name, venue_city, is_online, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, 'America/New_York', ?5, 'Starlight Ballroom', 'New York', ?6, ?7, ?7)",
  )
    .bind(id, title ?? `Door show ${serial}`, start, hours === undefined ? null : start + hours * HOUR, status, online ? 1 : 0, NOW)
    .run();
  return id;
}

export async function getPass(cookie: string) {
  const res = await call("/api/vip-pass", { cookie });
  if (res.status !== 200) throw new Error(`GET /api/vip-pass answered ${res.status}: ${JSON.stringify(await errorOf(res))}`);
  return res.json<VipPassResponse>();
}

export const postCheckIn = (cookie: string | undefined, json: unknown) => call("/api/check-in", { method: "POST", json, cookie });

export async function checkInOk(cookie: string, json: unknown): Promise<CheckInResponse> {
  const res = await postCheckIn(cookie, json);
  if (res.status !== 200) throw new Error(`POST /api/check-in answered ${res.status}: ${JSON.stringify(await errorOf(res))}`);
  return res.json<CheckInResponse>();
}

/** The stored check-ins of an event, oldest first. */
export const checkInRows = (eventId: string) =>
  rows<{ user_id: string; staff_id: string | null; method: string; checked_in_at: number }>(
    "SELECT user_id, staff_id, method, checked_in_at FROM check_ins WHERE event_id = ?1 ORDER BY checked_in_at, id",
    eventId,
  );
