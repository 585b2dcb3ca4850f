// The hourly issuing of upgrade and win-back offers (decision 101), declared by the payments area's
// cron. Off by default: with both kinds off it reads the settings and stops. Each offer issued is
// announced to its member as a tier_offer notification (urgent: mailed at once when the member's
// preferences let it e-mail, in their language), keyed by the offer so a redelivery is one notice.
import type { DB } from "../../db/client";
import type { AppEnv } from "../../env";
import { issueOffers, readOfferSettings, type IssuedOffer } from "../../db/tiers/offers";
import { readTiers } from "../../db/tiers/tiers";
import { notifyMembers } from "../notifications";
import { MEMBERSHIP_LINK } from "../notifications/membership";

/** Offers of each kind issued per run: the hourly run stays bounded; the rest go next hour. */
export const OFFERS_PER_RUN = 200;

export async function issueTierOffers(env: AppEnv, db: DB, now: number, limit = OFFERS_PER_RUN): Promise<IssuedOffer[]> {
  const settings = await readOfferSettings(db);
  if (!settings.enabled && !settings.winBack.enabled) return [];
  const tiers = await readTiers(db);
  const tier = tiers.find((t) => t.id === settings.tierId);
  // A tier removed or archived since the settings were saved: nobody is offered it.
  if (!tier || tier.archived || tier.rank < 1) {
    console.error(`offers: the offered tier ${settings.tierId} is not a paid tier on sale; no offers issued`);
    return [];
  }
  const issued = await issueOffers(db, settings, now, limit);
  for (const offer of issued) {
    // A win-back offer may bring the member back to the tier they left rather than the settings' one.
    const offered = tiers.find((t) => t.id === offer.tierId) ?? tier;
    await notifyMembers(
      env,
      db,
      {
        id: `tier_offer:${offer.id}`,
        kind: "tier_offer",
        actorId: null,
        params: {
          percent: offer.percentOff,
          title: offered.name.en,
          titlePtBr: offered.name.ptBR,
          at: new Date(offer.expiresAt).toISOString(),
          ...(offer.kind === "win_back" ? { winBack: true } : {}),
        },
        link: MEMBERSHIP_LINK,
      },
      [offer.userId],
    );
  }
  if (issued.length > 0) console.log(`offers: issued ${issued.length} offer(s)`);
  return issued;
}
