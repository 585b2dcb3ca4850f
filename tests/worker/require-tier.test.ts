// requireTier (worker/middleware/guards.ts, decision 099): the guard a route by tier uses, for every
// kind of member: "tier at least" a rank and "one of these tiers", admins passing, visitors 401,
// everyone else 403 tier_required.
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { requireTier } from "../../worker/middleware/guards";
import { onError } from "../../worker/middleware/errors";
import type { HonoEnv } from "../../worker/types";
import type { SessionUser } from "../../worker/contracts/auth";
import type { TierRule } from "../../worker/contracts/tiers";

type Holder = Pick<SessionUser, "isVIP" | "isAdmin" | "tier"> | null;

async function statusFor(rule: TierRule, holder: Holder) {
  const app = new Hono<HonoEnv>();
  app.onError(onError);
  app.use("*", async (c, next) => {
    if (holder) c.set("user", { id: "u", email: "u@example.com", username: "u", ...holder } as SessionUser);
    await next();
  });
  app.get("/", requireTier(rule), (c) => c.text("ok"));
  const res = await app.request("/");
  return { status: res.status, code: res.status === 200 ? null : ((await res.json()) as { error: { code: string } }).error.code };
}

const HOLDERS: Record<string, Holder> = {
  visitor: null,
  free: { isVIP: false, isAdmin: false, tier: { id: "member", rank: 0 } },
  lapsed: { isVIP: false, isAdmin: false, tier: { id: "member", rank: 0 } },
  vip: { isVIP: true, isAdmin: false, tier: { id: "vip", rank: 1 } },
  innerCircle: { isVIP: true, isAdmin: false, tier: { id: "inner-circle", rank: 2 } },
  admin: { isVIP: false, isAdmin: true, tier: { id: "member", rank: 0 } },
};

describe("requireTier", () => {
  it.each([
    ["tier at least Inner Circle", { minRank: 2 }, ["innerCircle", "admin"]],
    ["tier at least VIP", { minRank: 1 }, ["vip", "innerCircle", "admin"]],
    ["chosen tiers: VIP only", { tierIds: ["vip"] }, ["vip", "admin"]],
  ] as const)("%s", async (_name, rule, admitted) => {
    for (const [who, holder] of Object.entries(HOLDERS)) {
      const expected = (admitted as readonly string[]).includes(who)
        ? { status: 200, code: null }
        : who === "visitor"
          ? { status: 401, code: "unauthorized" }
          : { status: 403, code: "tier_required" };
      expect(await statusFor(rule, holder), who).toEqual(expected);
    }
  });
});
