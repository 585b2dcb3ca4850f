// /api/perks: the special perks members see (decision 030).
//   GET  /             the live perks, newest first, in the asker's language (?lang=, the locale
//                      cookie, Accept-Language): never a code or a link; what the asker may
//                      reveal and has revealed (so the answer is per-person: never cached publicly)
//   POST /:id/reveal   the asker's code and the link, recorded once: visitor or banned 401,
//                      member 403 vip_required for a VIP-only perk, unknown 404 perk_not_found,
//                      not live 409 perk_not_live, unique codes all taken 409 perk_codes_gone
import { Hono } from "hono";
import type { HonoEnv } from "../types";
import { requireUser } from "../middleware/guards";
import { answerLanguage } from "../middleware/content-language";
import { conflict, notFound, routeError } from "../lib/errors";
import { canReveal, findPerk, listLivePerks, revealPerk, type PerkViewer } from "../db/perks";
import { PERK_ERROR_CODES, PERK_ID_PATTERN, PERK_MESSAGES, perkStateAt, type PerkRevealResponse, type PerksResponse } from "../contracts/perks";

const perkNotFound = () => notFound(PERK_MESSAGES.notFound, PERK_ERROR_CODES.notFound);

export const perkRoutes = new Hono<HonoEnv>()
  .get("/", async (c) => {
    const user = c.var.user;
    const viewer: PerkViewer = user ? { id: user.id, vip: user.isVIP || user.isAdmin } : null;
    const perks = await listLivePerks(c.var.db, viewer, answerLanguage(c));
    // Says who revealed what: private to the asker, and never stored by any cache.
    c.header("Cache-Control", "private, no-store");
    return c.json<PerksResponse>({ perks });
  })

  .post("/:id/reveal", requireUser, async (c) => {
    const user = c.var.user;
    const id = c.req.param("id");
    const perk = PERK_ID_PATTERN.test(id) ? await findPerk(c.var.db, id) : null;
    if (!perk) throw perkNotFound();
    const now = Date.now();
    if (perkStateAt(perk.startsAt.getTime(), perk.endsAt.getTime(), now) !== "live") throw conflict(PERK_MESSAGES.notLive, PERK_ERROR_CODES.notLive);
    if (!canReveal(perk, { id: user.id, vip: user.isVIP || user.isAdmin })) throw routeError("vip_required");
    const revealed = await revealPerk(c.var.db, perk, user.id, now);
    if (revealed === "not_found") throw perkNotFound();
    if (revealed === "codes_gone") throw conflict(PERK_MESSAGES.codesGone, PERK_ERROR_CODES.codesGone);
    return c.json<PerkRevealResponse>(revealed);
  });
