// Who may wait for a ticket type (decision 185): the type's own sale rules, as a buyer of it would
// meet them once it sold out. A VIP-only type or a VIP presale takes VIP members and admins; a type
// for a tier and above (and a presale naming a lowest tier) takes members of that tier and up.
import type { DB } from "../../db/client";
import type { SessionUser } from "#contracts/auth.ts";
import { loadTicketRows } from "../../db/store/tickets";
import { readTiers } from "../../db/tiers/tiers";
import { passesGate } from "../../db/tiers/gate";
import { routeError } from "../../lib/errors";
import { mayBuyTicket, ticketSaleStateAt } from "#contracts/tickets/event-tickets-model.ts";
import { saleTimesOf } from "../store/ticket-pricing";

/** Throws the refusal a member meets joining this type's list, before any write; else its per-order limit. */
export async function checkMayWait(db: DB, user: SessionUser, ticketTypeId: string, quantity: number, now: number): Promise<void> {
  const row = (await loadTicketRows(db, [ticketTypeId])).get(ticketTypeId);
  if (!row || row.event.source !== "custom" || row.event.status === "draft") throw routeError("waitlist_type_not_found", { field: "ticketTypeId" });
  if (row.event.status === "cancelled") throw routeError("waitlist_closed");
  const state = ticketSaleStateAt(saleTimesOf(row.event), now);
  // A list waits for returns, so a sale that has ended (or not begun) is judged as a general sale.
  const judged = state === "vip_presale" ? state : "on_sale";
  const vip = user.isVIP || user.isAdmin;
  if (!mayBuyTicket(judged, row.vipOnly, vip)) throw routeError("tickets_vip_only", { field: "ticketTypeId" });
  const gates = [row.minTierId, judged === "vip_presale" ? row.event.presaleMinTierId : null].filter((id) => id !== null);
  if (gates.length > 0) {
    const tiers = await readTiers(db);
    const holder = { isVIP: user.isVIP, isAdmin: user.isAdmin, ...(user.tier ? { tier: user.tier } : {}) };
    if (gates.some((minTier) => !passesGate(holder, { minTier }, tiers))) throw routeError("tier_required", { field: "ticketTypeId" });
  }
  if (quantity > row.perOrderLimit) throw routeError("quantity_over_limit", { field: "quantity", params: { limit: row.perOrderLimit } });
}
