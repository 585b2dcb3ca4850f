// /api/admin/parties: the back office's listening parties (administrators only: the admin tree's
// gate runs first). An album from the catalog or one of the admin's own playlists, a title, a
// start and whether it is VIP only; its tracks are saved with it. Each write is audited in the
// batch that makes it, forgets the public teaser's memo and tells the party's room.
import { Hono, type Context } from "hono";
import type { HonoEnv } from "../../types";
import { validate } from "../../lib/validate";
import { fieldError, notFound } from "../../lib/errors";
import { forget } from "../../lib/memo";
import { actorOf } from "../../middleware/guards";
import {
  cancelParty,
  createParty,
  deleteParty,
  findParty,
  listAdminParties,
  listPartySources,
  PARTIES_MEMO_PREFIX,
  resolvePartySource,
  toAdminParty,
  updateParty,
  type PartyRow,
  type PartySource,
} from "../../db/parties";
import { notifyPartyChanged } from "../../services/realtime/party-room";
import { notifyRoomChanged } from "../../services/realtime/room-hub";
import { syncPartyRoom } from "../../db/rooms/rooms";
import { partyRoomId } from "#contracts/parties/chat.ts";
import { closeSocketsBelowPartyTier } from "../../services/realtime/party-tier-change";
import { checkMinTierChoice } from "../../services/tier-gate-check";
import {
  PARTY_CODES,
  PARTY_ID_PATTERN,
  PARTY_MESSAGES,
  partyInputSchema,
  type AdminPartiesResponse,
  type AdminPartyResponse,
  type PartyDeletedResponse,
  type PartyValues,
  type PartySourcesResponse,
} from "#contracts/parties/parties.ts";

type Ctx = Context<HonoEnv>;

const partyNotFound = () => notFound(PARTY_MESSAGES.partyNotFound, PARTY_CODES.notFound);

async function storedParty(c: Ctx): Promise<PartyRow> {
  const id = c.req.param("id") ?? "";
  const row = PARTY_ID_PATTERN.test(id) ? await findParty(c.var.db, id) : null;
  if (!row) throw partyNotFound();
  return row;
}

/** The album or the admin's own playlist: an unknown one (or another member's) or an empty one is the form's 400. */
async function sourceOf(c: Ctx, input: PartyValues): Promise<PartySource> {
  const source = await resolvePartySource(c.var.db, actorOf(c).id, input.sourceType, input.sourceId);
  if (source === "unknown") throw fieldError("sourceId", PARTY_MESSAGES.sourceUnknown, PARTY_CODES.sourceUnknown);
  if (source === "empty") throw fieldError("sourceId", PARTY_MESSAGES.sourceEmpty, PARTY_CODES.sourceEmpty);
  return source;
}

/**
 * After a write: the teaser shows it at once in this isolate, and the room hears of it; so does its
 * chat's room, whose sockets reconnect (checked again at the upgrade) when who may read it changed.
 */
function changed(c: Ctx, partyId: string, audienceChanged: boolean) {
  forget(PARTIES_MEMO_PREFIX);
  c.executionCtx.waitUntil(notifyPartyChanged(c.env, partyId));
  c.executionCtx.waitUntil(notifyRoomChanged(c.env, partyRoomId(partyId), audienceChanged));
}

/** The party's chat room follows the party as stored now (decision 107). Logged, never thrown: the party's write is done. */
async function syncRoom(c: Ctx, partyId: string) {
  try {
    await syncPartyRoom(c.var.db, partyId);
  } catch (err) {
    console.error(`party: keeping party ${partyId}'s room in step failed`, err);
  }
}

const audienceOf = (row: PartyRow) => `${row.vipOnly}:${row.vipOnly ? row.minTierId : null}:${row.status}`;

export const adminPartyRoutes = new Hono<HonoEnv>()
  .get("/", async (c) => c.json<AdminPartiesResponse>({ parties: await listAdminParties(c.var.db) }))

  .get("/sources", async (c) => c.json<PartySourcesResponse>(await listPartySources(c.var.db, actorOf(c).id)))

  .post("/", validate("json", partyInputSchema), async (c) => {
    const input = c.req.valid("json");
    await checkMinTierChoice(c.var.db, input.vipOnly ? input.minTierId : null, null);
    const row = await createParty(c.var.db, actorOf(c), input, await sourceOf(c, input));
    await syncRoom(c, row.id);
    forget(PARTIES_MEMO_PREFIX);
    return c.json<AdminPartyResponse>({ party: toAdminParty(row) }, 201);
  })

  .get("/:id", async (c) => c.json<AdminPartyResponse>({ party: toAdminParty(await storedParty(c)) }))

  .put("/:id", validate("json", partyInputSchema), async (c) => {
    const before = await storedParty(c);
    const input = c.req.valid("json");
    await checkMinTierChoice(c.var.db, input.vipOnly ? input.minTierId : null, before.minTierId);
    const row = await updateParty(c.var.db, actorOf(c), before, input, await sourceOf(c, input));
    if (!row) throw partyNotFound();
    await syncRoom(c, row.id);
    changed(c, row.id, audienceOf(before) !== audienceOf(row));
    // A raised tier: whoever inside it no longer admits leaves now (a lowered one closes nobody).
    c.executionCtx.waitUntil(closeSocketsBelowPartyTier(c.env, c.var.db, row));
    return c.json<AdminPartyResponse>({ party: toAdminParty(row) });
  })

  .post("/:id/cancel", async (c) => {
    const before = await storedParty(c);
    const row = before.status === "cancelled" ? before : await cancelParty(c.var.db, actorOf(c), before);
    if (!row) throw partyNotFound();
    await syncRoom(c, row.id);
    changed(c, row.id, audienceOf(before) !== audienceOf(row));
    return c.json<AdminPartyResponse>({ party: toAdminParty(row) });
  })

  .delete("/:id", async (c) => {
    const before = await storedParty(c);
    await deleteParty(c.var.db, actorOf(c), before);
    changed(c, before.id, true);
    return c.json<PartyDeletedResponse>({ deleted: before.id });
  });
