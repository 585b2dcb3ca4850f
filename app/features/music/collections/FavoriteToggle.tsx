// The heart on every track row. VIP members and admins add or remove the track (optimistically,
// see favorites.ts); members without VIP and visitors get a lock link to /vip-signup instead
// (docs/features.md#music: favorites are a VIP right; the server refuses them anyway).
import { Link } from "@tanstack/react-router";
import { useCallback, useLayoutEffect, useRef, type RefObject } from "react";
import { useIntl } from "react-intl";
import type { TrackView } from "#contracts/music/music.ts";
import { Icon } from "../../../components/Icon";
import { canUseVipContent, useSessionUser } from "../../../lib/session/useSession";
import { useFavoriteIds, useToggleFavorite } from "./favorites";
import { favoritesMessages } from "./favoritesMessages";
import "./collections.css";

type HeartButtonProps = {
  /** The track's title, for the label ('Add {title} to favorites' / 'Remove {title} from favorites'). */
  title: string;
  favorite: boolean;
  onToggle: () => void;
  /** Extra class names (the popup styles its own). */
  className?: string;
  size?: number;
};

/** The bare heart toggle, driven by props (the popup player uses it as is). */
export function FavoriteHeartButton({ title, favorite, onToggle, className, size = 18 }: HeartButtonProps) {
  const intl = useIntl();
  return (
    <button
      type="button"
      className={`fav-toggle${favorite ? " is-favorite" : ""}${className ? ` ${className}` : ""}`}
      aria-pressed={favorite}
      aria-label={intl.formatMessage(favorite ? favoritesMessages.remove : favoritesMessages.add, { title })}
      onClick={onToggle}
    >
      <HeartIcon filled={favorite} size={size} />
    </button>
  );
}

function HeartIcon({ filled, size }: { filled: boolean; size: number }) {
  return (
    <svg
      className="fav-heart"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill={filled ? "currentColor" : "none"}
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M12 20s-8-5-8-11a4.5 4.5 0 0 1 8-2.8A4.5 4.5 0 0 1 20 9c0 6-8 11-8 11z" />
    </svg>
  );
}

type FavoriteToggleProps = {
  track: TrackView;
  className?: string;
  /** Called after a click with the state asked for (e.g. to move focus when a row goes away). */
  onToggled?: (favorite: boolean) => void;
};

/**
 * The heart for one track, wired to the member's favorites. Who may not use favorites (a visitor,
 * a member without VIP) gets a lock link to /vip-signup. The session decides, exactly as the
 * player's `canPlay` does (VIP or admin), without re-rendering on playback progress.
 */
export function FavoriteToggle({ track, className, onToggled }: FavoriteToggleProps) {
  const intl = useIntl();
  const { user } = useSessionUser();
  if (canUseVipContent(user)) return <ConnectedHeart track={track} className={className} onToggled={onToggled} />;
  return (
    <Link
      to="/vip-signup"
      className={`fav-toggle fav-toggle-locked${className ? ` ${className}` : ""}`}
      aria-label={intl.formatMessage(favoritesMessages.locked, { title: track.title })}
    >
      <Icon name="lock" size={16} />
    </Link>
  );
}

/** VIP only: reads and changes the favorites (a lock link never subscribes to them). */
function ConnectedHeart({ track, className, onToggled }: FavoriteToggleProps) {
  const ids = useFavoriteIds();
  const toggle = useToggleFavorite();
  const favorite = ids.has(track.id);
  return (
    <FavoriteHeartButton
      title={track.title}
      favorite={favorite}
      className={className}
      onToggle={() => {
        toggle.mutate({ track, favorite: !favorite });
        onToggled?.(!favorite);
      }}
    />
  );
}

/**
 * Keeps keyboard focus when a list row disappears because its heart was switched off (the row's
 * own button is gone): call the returned function with the row's index on removal; once the list
 * has changed, focus moves to the heart now at that index (or the last one), else to `fallback`.
 */
export function useRefocusAfterRemoval(list: unknown, container: RefObject<HTMLElement | null>, fallback: RefObject<HTMLElement | null>) {
  const pending = useRef<number | null>(null);
  useLayoutEffect(() => {
    const index = pending.current;
    if (index === null) return;
    pending.current = null;
    const hearts = container.current ? Array.from(container.current.querySelectorAll<HTMLElement>(".fav-toggle")) : [];
    (hearts[Math.min(index, hearts.length - 1)] ?? fallback.current)?.focus();
  }, [list, container, fallback]);
  return useCallback((index: number) => {
    pending.current = index;
  }, []);
}
