// Shared by the tier recognition tests (decision 100): the demo's Inner Circle tier, a member's
// tier history written as rows with chosen times, subscriptions in a chosen state, and the roles
// a back-office route is refused to (the gate's matrix plus a paid tier above VIP and door staff).
import { env } from "cloudflare:workers";
import { call, createUser, errorOf, type TestUser } from "./helpers";
import { forgetTiers } from "../../worker/db/tiers/tiers";
import { expect } from "vitest";

const D1 = (env as unknown as { DB: D1Database }).DB;
export const DAY = 24 * 60 * 60 * 1000;

export async function addInnerCircle() {
  await D1.prepare(
    `INSERT OR IGNORE INTO membership_tiers (id, rank, name_en, name_pt_br, badge_color, monthly_usd_cents, yearly_usd_cents, monthly_brl_cents, yearly_brl_cents)
     VALUES ('inner-circle', 2, 'Inner Circle', 'Círculo Íntimo', '#7c3aed', 2499, 24900, 12900, 129000)`,
  ).run();
  forgetTiers();
}

/** Writes the member's tier changes [from, to, at] and sets their tier now to the last `to`. */
export async function writeHistory(userId: string, changes: [from: string | null, to: string | null, at: number][]) {
  for (const [from, to, at] of changes)
    await D1.prepare("INSERT INTO membership_tier_changes (user_id, from_tier_id, to_tier_id, changed_at) VALUES (?, ?, ?, ?)")
      .bind(userId, from, to, at)
      .run();
  const last = changes.at(-1)?.[1] ?? null;
  await D1.prepare("UPDATE users SET tier_id = ?, is_vip = ? WHERE id = ?")
    .bind(last, last ? 1 : 0, userId)
    .run();
}

export type SubscriptionState = {
  status?: string;
  tierId?: string;
  plan?: "monthly" | "yearly";
  priceCents?: number | null;
  currency?: string | null;
  cancelAtPeriodEnd?: boolean;
  createdAt?: number;
};

export async function addSubscription(userId: string, state: SubscriptionState = {}): Promise<string> {
  const id = `sub_${crypto.randomUUID()}`;
  await D1.prepare(
    `INSERT INTO subscriptions (id, user_id, customer_id, status, plan, price_cents, price_currency, tier_id, cancel_at_period_end, last_event_at, created_at, updated_at)
     VALUES (?, ?, 'cus_test', ?, ?, ?, ?, ?, ?, 1, ?, 1)`,
  )
    .bind(
      id,
      userId,
      state.status ?? "active",
      state.plan ?? "monthly",
      state.priceCents === undefined ? 999 : state.priceCents,
      state.currency === undefined ? "usd" : state.currency,
      state.tierId ?? "vip",
      state.cancelAtPeriodEnd ? 1 : 0,
      state.createdAt ?? Date.now(),
    )
    .run();
  return id;
}

/** Every role but the administrator, with what the back office's gate answers each. */
export const REFUSED_ROLES = [
  ["visitor", 401, "unauthorized"],
  ["member", 403, "admin_required"],
  ["vip", 403, "admin_required"],
  ["inner circle", 403, "admin_required"],
  ["door staff", 403, "admin_required"],
  ["banned", 401, "unauthorized"],
] as const;
export type RefusedRole = (typeof REFUSED_ROLES)[number][0];

export async function cookieOf(role: RefusedRole): Promise<string | undefined> {
  let user: TestUser;
  if (role === "visitor") return undefined;
  if (role === "member") user = await createUser("user");
  else if (role === "vip") user = await createUser("vip");
  else if (role === "inner circle") {
    await addInnerCircle();
    user = await createUser("vip", { tierId: "inner-circle" });
  } else if (role === "door staff") {
    user = await createUser("user");
    await D1.prepare("UPDATE users SET is_door_staff = 1 WHERE id = ?").bind(user.id).run();
  } else user = await createUser("banned");
  return user.cookie;
}

/** Every refused role gets its status and code from `path`. */
export async function expectRefusedToAll(path: string) {
  for (const [role, status, code] of REFUSED_ROLES) {
    const res = await call(path, { cookie: await cookieOf(role) });
    expect(res.status, role).toBe(status);
    expect((await errorOf(res)).code, role).toBe(code);
  }
}
