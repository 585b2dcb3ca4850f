// Tier gates on the page (decision 099): the tiers a back-office form may choose (admins only), and
// how a gate reads in the reader's language. Which member may open what is decided by the Worker.
import { queryOptions } from "@tanstack/react-query";
import { defineMessage, defineMessages, type IntlShape } from "react-intl";
import { api } from "../api";
import type { GateTier, TierChoicesResponse, TierGateView } from "#contracts/tiers/gate.ts";

export const tierChoicesQueryOptions = () =>
  queryOptions({
    queryKey: ["admin", "tier-choices"],
    queryFn: () => api<TierChoicesResponse>("/api/admin/tier-choices"),
    staleTime: 60_000,
  });

export const tierGateMessages = defineMessages({
  mode: { id: "tierGate.mode", defaultMessage: "Which tiers" },
  modeMin: { id: "tierGate.modeMin", defaultMessage: "This tier and above" },
  modeChosen: { id: "tierGate.modeChosen", defaultMessage: "Only the tiers chosen" },
  tier: { id: "tierGate.tier", defaultMessage: "Lowest tier" },
  chosen: { id: "tierGate.chosen", defaultMessage: "Tiers" },
  joinCta: { id: "tierGate.joinCta", defaultMessage: "See the membership tiers" },
});

export const minTierMessage = defineMessage<{ tier: string }>({ id: "tierGate.minTier", defaultMessage: "{tier} and above" });
export const archivedTierMessage = defineMessage<{ tier: string }>({ id: "tierGate.archived", defaultMessage: "{tier} (archived)" });
export const lockedForMessage = defineMessage<{ tiers: string }>({ id: "tierGate.lockedFor", defaultMessage: "This post is for {tiers}" });

/** A tier's name in the reader's language. */
export const tierNameIn = (intl: IntlShape, tier: GateTier) => (intl.locale.toLowerCase().startsWith("pt") ? tier.name.ptBR : tier.name.en);

/** "Inner Circle and above", or "VIP, Inner Circle" (the reader's list format). */
export const gateText = (intl: IntlShape, gate: TierGateView) =>
  "minTier" in gate
    ? intl.formatMessage(minTierMessage, { tier: tierNameIn(intl, gate.minTier) })
    : intl.formatList(
        gate.tierIds.map((t) => tierNameIn(intl, t)),
        { type: "conjunction" },
      );

/** Whether a gate is the spec's own "VIP and above" (its texts stay the VIP ones). */
export const isVipGate = (gate: TierGateView | null | undefined) => !gate || ("minTier" in gate && gate.minTier.id === "vip");
