// The players' keyboard shortcuts (docs/features.md#music), on the whole page while the player has something to
// play: the music player bar and popup, and the radio popup (on whichever source is active).
// Space play/pause; Shift+Right next; Shift+Left previous; M mute; Alt+Up / Alt+Down volume ±10;
// Ctrl+S shuffle; Ctrl+R repeat; '?' the shortcuts help (ShortcutsHelpDialog.tsx). Ignored while
// typing (docs/features.md#music): in an input, textarea, select or contenteditable. Space is also left alone on
// buttons and links, where it already means "activate this". Ctrl+S and Ctrl+R are the browser's
// save and reload too: on a page where the player is one region (the music player bar) they act
// only while focus is inside that region (`ctrlKeysWithin`), so the browser keeps them elsewhere.
import { useEffect, useRef, type RefObject } from "react";
import { VOLUME_STEP } from "../../lib/audio/output";

/** What the keys act on (the music player's actions, or the radio popup's active source). */
export type ShortcutActions = {
  toggle(): void;
  next(): void;
  previous(): void;
  toggleMute(): void;
  volumeBy(delta: number): void;
  toggleShuffle(): void;
  toggleRepeat(): void;
};

export type PlayerShortcutsOptions = {
  actions: ShortcutActions;
  /** Opens the shortcuts help dialog ('?'). */
  onHelp?: () => void;
  /** Off: no key is taken (e.g. nothing queued). Default true. */
  enabled?: boolean;
  /**
   * The player's region: Ctrl+S and Ctrl+R act only while focus is inside it (or inside a dialog
   * it opened). Left out in a popup window, which is the player as a whole.
   */
  ctrlKeysWithin?: RefObject<HTMLElement | null>;
};

/** Ctrl+S / Ctrl+R with focus in the region, or in a dialog (the help and queue dialogs). */
function insideRegion(target: EventTarget | null, region: HTMLElement | null): boolean {
  if (!(target instanceof Node) || !region) return false;
  if (region.contains(target)) return true;
  return target instanceof Element && target.closest("[role='dialog']") !== null;
}

/** Elements where keys belong to the user's typing. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest("input, textarea, select")) return true;
  const editable = target.closest("[contenteditable]");
  return editable !== null && editable.getAttribute("contenteditable") !== "false";
}

/** Elements that Space already activates. */
function activatesOnSpace(target: EventTarget | null): boolean {
  return (
    target instanceof Element &&
    target.closest(
      "button, a[href], summary, [role='button'], [role='link'], [role='checkbox'], [role='switch'], [role='menuitem'], [role='tab'], [role='option']",
    ) !== null
  );
}

/** Which action a key press asks for, or null. Exported for tests. */
export function shortcutFor(
  e: Pick<KeyboardEvent, "key" | "code" | "shiftKey" | "ctrlKey" | "altKey" | "metaKey">,
): "toggle" | "next" | "previous" | "mute" | "volumeUp" | "volumeDown" | "shuffle" | "repeat" | "help" | null {
  const { key, shiftKey, ctrlKey, altKey, metaKey } = e;
  if (metaKey) return null;
  if (ctrlKey && !altKey && !shiftKey) {
    const k = key.toLowerCase();
    if (k === "s") return "shuffle";
    if (k === "r") return "repeat";
    return null;
  }
  if (ctrlKey) return null;
  if (altKey && !shiftKey) {
    if (key === "ArrowUp") return "volumeUp";
    if (key === "ArrowDown") return "volumeDown";
    return null;
  }
  if (altKey) return null;
  if (shiftKey && key === "ArrowRight") return "next";
  if (shiftKey && key === "ArrowLeft") return "previous";
  if (key === "?") return "help";
  if (shiftKey) return null;
  if (key === " " || key === "Spacebar") return "toggle";
  if (key === "m" || key === "M") return "mute";
  return null;
}

export function usePlayerShortcuts({ actions, onHelp, enabled = true, ctrlKeysWithin }: PlayerShortcutsOptions) {
  const latest = useRef({ actions, onHelp, ctrlKeysWithin });
  useEffect(() => {
    latest.current = { actions, onHelp, ctrlKeysWithin };
  }, [actions, onHelp, ctrlKeysWithin]);

  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing || isTypingTarget(e.target)) return;
      const shortcut = shortcutFor(e);
      if (!shortcut) return;
      if (shortcut === "toggle" && activatesOnSpace(e.target)) return;
      const { actions: a, onHelp: help, ctrlKeysWithin: region } = latest.current;
      // Outside the player's region the browser keeps its save (Ctrl+S) and reload (Ctrl+R).
      if ((shortcut === "shuffle" || shortcut === "repeat") && region && !insideRegion(e.target, region.current)) return;
      if (shortcut === "help" && !help) return;
      e.preventDefault();
      // Holding a key repeats only the volume steps; a held Space must not flip play/pause.
      if (e.repeat && shortcut !== "volumeUp" && shortcut !== "volumeDown") return;
      switch (shortcut) {
        case "toggle":
          return a.toggle();
        case "next":
          return a.next();
        case "previous":
          return a.previous();
        case "mute":
          return a.toggleMute();
        case "volumeUp":
          return a.volumeBy(VOLUME_STEP);
        case "volumeDown":
          return a.volumeBy(-VOLUME_STEP);
        case "shuffle":
          return a.toggleShuffle();
        case "repeat":
          return a.toggleRepeat();
        case "help":
          return help?.();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [enabled]);
}
