// The badge of a member's tier beside their name: the tier's name in the reader's language on the
// tier's colour, with black or white text, whichever reads better on it (decision 100). The free
// tier has none. A holder without a `tier` (an answer from before tiers) shows the VIP badge by its flag.
import { useIntl } from "react-intl";
import { badgeTextColor, type TierBadge as Badge } from "#contracts/tiers/badges.ts";

type Holder = { isVIP: boolean; tier?: Badge | null };

/** The tier's name in the reader's language. */
export const tierName = (locale: string, tier: Pick<Badge, "name">) => (locale.toLowerCase().startsWith("pt") ? tier.name.ptBR : tier.name.en);

export function TierBadge({ holder, vipLabel, className = "" }: { holder: Holder; vipLabel: string; className?: string }) {
  const intl = useIntl();
  const { tier } = holder;
  if (tier === undefined) return holder.isVIP ? <span className={`badge badge-vip ${className}`.trim()}>{vipLabel}</span> : null;
  if (!tier) return null;
  const name = tierName(intl.locale, tier);
  return (
    <span className={`badge badge-tier ${className}`.trim()} data-tier={tier.id} style={{ background: tier.color, color: badgeTextColor(tier.color) }}>
      {name}
    </span>
  );
}
