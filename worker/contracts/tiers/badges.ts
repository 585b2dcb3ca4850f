// The tier badge shown beside a member's name (feed, comments, profiles, the back office's list):
// the tier's name in both languages and its colour, resolved by the Worker from the member's tier
// id and the ladder (decision 100). The free tier shows none: every account holds it, so a badge
// would mark nobody. Zod-free: the pages and the Worker both read it.
import { FREE_TIER_ID, type TierView } from "./tiers";

export type TierBadge = { id: string; rank: number; name: { en: string; ptBR: string }; color: string };

/** The badge of a member's tier (null: free, or a tier the ladder no longer has). */
export function tierBadgeOf(tierId: string | null | undefined, ladder: readonly TierView[]): TierBadge | null {
  if (!tierId || tierId === FREE_TIER_ID) return null;
  const tier = ladder.find((t) => t.id === tierId);
  return tier ? { id: tier.id, rank: tier.rank, name: tier.name, color: tier.badgeColor } : null;
}

/** A badge as a socket's upgrade carries it (URI-encoded JSON, "null" for none); anything unreadable is none. */
export const encodeBadgeHeader = (badge: TierBadge | null) => encodeURIComponent(JSON.stringify(badge));

export function badgeFromHeader(header: string | null): TierBadge | null {
  try {
    const value = JSON.parse(decodeURIComponent(header ?? "null")) as TierBadge | null;
    return value && typeof value.id === "string" && typeof value.color === "string" && typeof value.name?.en === "string" ? value : null;
  } catch {
    return null;
  }
}

/** WCAG relative luminance of a #rgb / #rrggbb colour (an unreadable one counts as mid grey). */
function luminance(hex: string): number {
  const digits = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim())?.[1];
  if (!digits) return 0.2;
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join("") : digits;
  const channel = (i: number) => {
    const c = parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
}

/**
 * The text colour for a badge on `background`: black or white, whichever contrasts more. The
 * admin picks any colour, so the text adapts: the better of the two is at least 4.58:1 on any
 * colour (WCAG AA asks 4.5:1), and the badge says its tier in words, never by colour alone.
 */
export function badgeTextColor(background: string): "#000000" | "#ffffff" {
  const l = luminance(background);
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? "#000000" : "#ffffff";
}
