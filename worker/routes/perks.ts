// /api/perks: the special perks members see (decision 030).
//   GET  /             the live perks, newest first, in the asker's language (?lang=, the locale
//                      cookie, Accept-Language): never a code or a link; for a member what they may
//                      reveal and have revealed (private), for a visitor the same teasers for
//                      everyone (public for a minute at most, never past a perk's start or end)
//   POST /:id/reveal   the asker's code and the link, recorded once: visitor or banned 401,
//                      member 403 vip_required for a VIP-only perk (tier_required below a
//                      VIP perk's tier, decision 104; admins pass), unknown 404 perk_not_found,
//                      not live 409 perk_not_live, unique codes all taken 409 perk_codes_gone
import { Hono } from "hono";
import type { HonoEnv } from "../types";
import { requireUser } from "../middleware/guards";
import { answerLanguage } from "../middleware/content-language";
import { conflict, notFound, routeError } from "../lib/errors";
import { canReveal, findPerk, perkTiers, listLivePerks, nextPerkChange, revealPerk, type PerkViewer } from "../db/perks";
import { publicCacheControl } from "../lib/cache-control";
import { PERK_ERROR_CODES, PERK_ID_PATTERN, PERK_MESSAGES, perkStateAt, type PerkRevealResponse, type PerksResponse } from "#contracts/perks.ts";

const perkNotFound = () => notFound(PERK_MESSAGES.notFound, PERK_ERROR_CODES.notFound);

export const perkRoutes = new Hono<HonoEnv>()
  .get("/", async (c) => {
    const user = c.var.user;
    const viewer: PerkViewer = user ? { id: user.id, holder: user } : null;
    const now = Date.now();
    const [perks, changesAt] = await Promise.all([listLivePerks(c.var.db, viewer, answerLanguage(c), now), viewer ? null : nextPerkChange(c.var.db, now)]);
    // A member's answer says who revealed what: private to them, never stored by any cache. A
    // visitor's is everyone's, so /perks can be served from the edge like the other public pages;
    // a unique code's "all taken" may then lag by up to the minute.
    c.header("Cache-Control", viewer ? "private, no-store" : publicCacheControl(changesAt, now));
    return c.json<PerksResponse>({ perks });
  })

  .post("/:id/reveal", requireUser, async (c) => {
    const user = c.var.user;
    const id = c.req.param("id");
    const perk = PERK_ID_PATTERN.test(id) ? await findPerk(c.var.db, id) : null;
    if (!perk) throw perkNotFound();
    const now = Date.now();
    if (perkStateAt(perk.startsAt.getTime(), perk.endsAt.getTime(), now) !== "live") throw conflict(PERK_MESSAGES.notLive, PERK_ERROR_CODES.notLive);
    if (!canReveal(perk, { id: user.id, holder: user }, await perkTiers(c.var.db, [perk])))
      throw routeError(perk.minTierId === null ? "vip_required" : "tier_required");
    const revealed = await revealPerk(c.var.db, perk, user.id, now);
    if (revealed === "not_found") throw perkNotFound();
    if (revealed === "codes_gone") throw conflict(PERK_MESSAGES.codesGone, PERK_ERROR_CODES.codesGone);
    return c.json<PerkRevealResponse>(revealed);
  });
