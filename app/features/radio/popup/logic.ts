// The popup radio player's rules, free of React: which engine the controls drive, which text an
// engine error shows, and the popup window's own size and position.
import { RADIO_PLAYER_WINDOW } from "../../../lib/popups";
import type { RadioErrorCode, RadioStatus } from "../engine";
import type { RadioPopupErrorKey } from "./messages";
import type { OnDemandErrorCode, OnDemandStatus } from "./onDemand";

/** radio: the live station (engine.ts); music: a track played on demand (the music player, onDemand.ts). */
export type Source = "radio" | "music";

const isActive = (status: RadioStatus | OnDemandStatus) => status === "playing" || status === "loading";

/**
 * The engine the controls and shortcuts act on: the one playing (or loading); when neither is,
 * the music engine only if it holds a track and music was the last one used, else the radio.
 */
export function activeSource(radio: RadioStatus, music: OnDemandStatus, musicHasTrack: boolean, lastUsed: Source): Source {
  if (isActive(music)) return "music";
  if (isActive(radio)) return "radio";
  return lastUsed === "music" && musicHasTrack ? "music" : "radio";
}

/** The source that is sounding now, or null (used to remember the last one used). */
export function soundingSource(radio: RadioStatus, music: OnDemandStatus): Source | null {
  return isActive(music) ? "music" : isActive(radio) ? "radio" : null;
}

export function radioErrorKey(error: RadioErrorCode): RadioPopupErrorKey {
  switch (error) {
    case "access_denied":
      return "accessDenied";
    case "play_failed":
      // The browser refused to start the audio (autoplay policy): the play/pause press failed.
      return "toggle";
    default:
      return "station";
  }
}

/** `toggled`: the error followed the play/pause button on the current track, not a track choice. */
export function musicErrorKey(error: OnDemandErrorCode, toggled: boolean): RadioPopupErrorKey {
  if (error === "access_denied") return "accessDenied";
  if (error === "not_playable") return "notPlayable";
  return toggled ? "toggle" : "playTrack";
}

/** Web Audio exists here, so a playing engine without an analyser means it could not be set up. */
export function audioSystemFailed(
  playing: boolean,
  analyser: AnalyserNode | null,
  win: { AudioContext?: unknown; webkitAudioContext?: unknown } | undefined,
): boolean {
  if (!playing || analyser || !win) return false;
  return typeof win.AudioContext === "function" || typeof win.webkitAudioContext === "function";
}

export const POPUP_FIT = { width: 400, height: 800 } as const;

type PopupWindow = Pick<Window, "opener" | "name" | "close" | "resizeTo" | "moveTo"> & {
  screen?: Partial<Pick<Screen, "availWidth" | "availHeight">> & { availLeft?: number; availTop?: number };
};

/** Opened by the site's Radio link as the "radioplayer" popup (not a tab the listener navigated). */
export function isRadioPopupWindow(win: Pick<Window, "opener" | "name">): boolean {
  try {
    return !!win.opener && win.name === RADIO_PLAYER_WINDOW;
  } catch {
    return false;
  }
}

/**
 * As a popup: 400x800, centred on the screen. Browsers may refuse (a tab, a user setting), which
 * is fine. Returns whether it tried.
 */
export function fitRadioPopup(win: PopupWindow): boolean {
  if (!isRadioPopupWindow(win)) return false;
  try {
    win.resizeTo(POPUP_FIT.width, POPUP_FIT.height);
    const screen = win.screen;
    if (screen?.availWidth && screen.availHeight) {
      const left = (screen.availLeft ?? 0) + Math.max(0, Math.round((screen.availWidth - POPUP_FIT.width) / 2));
      const top = (screen.availTop ?? 0) + Math.max(0, Math.round((screen.availHeight - POPUP_FIT.height) / 2));
      win.moveTo(left, top);
    }
  } catch {
    // Not allowed here: the window keeps the size it has.
  }
  return true;
}
