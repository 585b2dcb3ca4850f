// Opening the players and the external chat room from the navigation.
// Kept free of React and of the router so the rules (window names, sizes, the fallback when a
// popup blocker says no) are unit-testable with a fake window.

export const MUSIC_PLAYER_PATH = "/music/player";
export const RADIO_PLAYER_PATH = "/radio/player";
export type PlayerPath = typeof MUSIC_PLAYER_PATH | typeof RADIO_PLAYER_PATH;
/** The spec names the music popup "musicplayer" so reopening it reuses the same window. */
export const MUSIC_PLAYER_WINDOW = "musicplayer";
export const RADIO_PLAYER_WINDOW = "radioplayer";

/** Popup sizes (docs/features.md#header-footer-and-popups): desktop menu, mobile menu, radio. */
export const POPUP_SIZES = {
  musicDesktop: { width: 800, height: 800 },
  musicMobile: { width: 400, height: 600 },
  radio: { width: 400, height: 600 },
} as const;

export type MenuVariant = "desktop" | "mobile";

/** The part of `window` these helpers need; tests pass a fake. */
export type PopupHost = Pick<Window, "open">;

/** Called when no popup could be opened: the caller navigates in the same window instead. */
export type Fallback = (path: PlayerPath) => void;

function features({ width, height }: { width: number; height: number }) {
  return `width=${width},height=${height}`;
}

/**
 * Opens `path` in a named popup; returns true when a window came back. A blocked popup
 * (window.open returns null) or a browser that throws falls back to navigating.
 */
export function openPopup(host: PopupHost, path: PlayerPath, name: string, size: { width: number; height: number }, fallback: Fallback): boolean {
  let popup: Window | null;
  try {
    popup = host.open(path, name, features(size));
  } catch {
    popup = null;
  }
  if (!popup) {
    fallback(path);
    return false;
  }
  popup.focus?.();
  return true;
}

/** Audio Player: 800x800 from the desktop menu, 400x600 from the mobile menu. */
export function openMusicPlayer(host: PopupHost, variant: MenuVariant, fallback: Fallback): boolean {
  const size = variant === "desktop" ? POPUP_SIZES.musicDesktop : POPUP_SIZES.musicMobile;
  return openPopup(host, MUSIC_PLAYER_PATH, MUSIC_PLAYER_WINDOW, size, fallback);
}

/** Radio: a 400x600 popup, except on mobile devices where popups are awkward: same window. */
export function openRadioPlayer(host: PopupHost, onMobileDevice: boolean, fallback: Fallback): boolean {
  if (onMobileDevice) {
    fallback(RADIO_PLAYER_PATH);
    return false;
  }
  return openPopup(host, RADIO_PLAYER_PATH, RADIO_PLAYER_WINDOW, POPUP_SIZES.radio, fallback);
}

type DeviceHints = { userAgent?: string; userAgentData?: { mobile?: boolean } | undefined; maxTouchPoints?: number };

/**
 * A phone or tablet, as far as the browser tells: User-Agent Client Hints when present,
 * else the user-agent string (iPadOS reports a desktop Mac UA but has touch points).
 */
export function isMobileDevice(nav: DeviceHints | undefined = typeof navigator === "undefined" ? undefined : navigator): boolean {
  if (!nav) return false;
  if (typeof nav.userAgentData?.mobile === "boolean" && nav.userAgentData.mobile) return true;
  const ua = nav.userAgent ?? "";
  if (/Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile/i.test(ua)) return true;
  return /Macintosh/.test(ua) && (nav.maxTouchPoints ?? 0) > 1;
}

/** Attributes for links that leave the site (Chat Room, social networks): new tab, no opener. */
export const EXTERNAL_LINK = { target: "_blank", rel: "noopener noreferrer" } as const;
