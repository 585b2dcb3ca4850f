// /api/admin/users: the member list (search; role, tier, membership and months-supported filters;
// pages), the admin / complimentary VIP / ban switches, and invitations (administrators only: the
// admin tree's gate runs first). Every write is zod-checked and audited in the batch that makes it.
import { Hono, type Context } from "hono";
import type { HonoEnv } from "../../types";
import { validate } from "../../lib/validate";
import { listAdminUsers } from "../../db/admin-users";
import { setUserAdmin, setUserBan, setUserComp, setUserDoorStaff, type UserChange } from "../../services/user-admin";
import { requestLanguage } from "../../middleware/content-language";
import { sendInvitation } from "../../services/user-invite";
import {
  USERS_PAGE_SIZE,
  adminSwitchSchema,
  banSwitchSchema,
  compSwitchSchema,
  doorStaffSwitchSchema,
  inviteSchema,
  userIdParamSchema,
  usersQuerySchema,
  type AdminUserResponse,
  type AdminUsersResponse,
  type InviteResponse,
} from "#contracts/admin/users.ts";
import { actorOf } from "../../middleware/guards";
import { readTiers } from "../../db/tiers/tiers";
import { routeError } from "../../lib/errors";

const idParam = validate("param", userIdParamSchema);

/**
 * A tier the filter names must be on the ladder (archived ones included: their members still hold
 * them), or the list answers 400 tier_unknown rather than an empty page that reads like "nobody".
 */
async function assertTierKnown(c: Context<HonoEnv>, tier: string) {
  if (tier !== "all" && !(await readTiers(c.var.db)).some((t) => t.id === tier)) throw routeError("tier_unknown", { field: "tier" });
}

/**
 * The answer to a switch. No switch an admin may use on their own account ends a session (decision
 * 040: admin and comp VIP keep sessions; nobody bans themself), so there is none to give back.
 */
async function answer(c: Context<HonoEnv>, { user }: UserChange) {
  return c.json<AdminUserResponse>({ user });
}

export const userRoutes = new Hono<HonoEnv>()
  .get("/", validate("query", usersQuerySchema), async (c) => {
    const query = c.req.valid("query");
    await assertTierKnown(c, query.tier);
    const [{ users, total }, ladder] = await Promise.all([listAdminUsers(c.var.db, query), readTiers(c.var.db)]);
    return c.json<AdminUsersResponse>({
      users,
      total,
      tiers: ladder.map((t) => ({ id: t.id, rank: t.rank, name: t.name, color: t.badgeColor })),
      page: query.page,
      pageSize: USERS_PAGE_SIZE,
      totalPages: Math.max(1, Math.ceil(total / USERS_PAGE_SIZE)),
    });
  })

  .post("/invite", validate("json", inviteSchema), async (c) => {
    const { email, locale } = c.req.valid("json");
    // No language chosen (an older client): the one the admin is using the back office in.
    await sendInvitation(c.env, c.var.db, actorOf(c), email, new URL(c.req.url).origin, locale ?? requestLanguage(c));
    return c.json<InviteResponse>({ invited: email }, 201);
  })

  .put("/:id/admin", idParam, validate("json", adminSwitchSchema), async (c) =>
    answer(c, await setUserAdmin(c.env, c.var.db, actorOf(c), c.req.valid("param").id, c.req.valid("json").admin)),
  )

  .put("/:id/vip", idParam, validate("json", compSwitchSchema), async (c) =>
    answer(c, await setUserComp(c.env, c.var.db, actorOf(c), c.req.valid("param").id, c.req.valid("json").comp, c.req.valid("json").tierId)),
  )

  // The door-staff role (decision 027) ends no session, so there is none to give back (no `answer`).
  .put("/:id/door-staff", idParam, validate("json", doorStaffSwitchSchema), async (c) => {
    const { user } = await setUserDoorStaff(c.var.db, actorOf(c), c.req.valid("param").id, c.req.valid("json").doorStaff);
    return c.json<AdminUserResponse>({ user });
  })

  // { banned: true, reason, until } bans, or changes the terms of a ban in force; { banned: false } lifts it.
  .put("/:id/ban", idParam, validate("json", banSwitchSchema), async (c) => {
    const body = c.req.valid("json");
    const terms = body.banned ? { reason: body.reason, until: body.until } : null;
    return answer(
      c,
      await setUserBan(c.env, c.var.db, actorOf(c), c.req.valid("param").id, terms, {
        waitUntil: (work) => c.executionCtx.waitUntil(work),
      }),
    );
  });
