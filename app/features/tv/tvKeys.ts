// The TV player's keys while focus is in it: Space or K play/pause, J/L or the arrows skip, M mute,
// C captions, F full screen. Taken by the player, so the page's music shortcuts (on the document)
// leave them alone; typing in a field and Space on a button keep their own meaning.
import type { KeyboardEvent } from "react";

export type TvKeyActions = {
  toggle(): void;
  skipBack(): void;
  skipForward(): void;
  toggleFullscreen(): void;
  toggleMute(): void;
  /** Null when the video has no captions. */
  toggleCaptions: (() => void) | null;
};

function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest("input, textarea, select")) return true;
  const editable = target.closest("[contenteditable]");
  return editable !== null && editable.getAttribute("contenteditable") !== "false";
}

/** Space already activates these; the player leaves it to them. */
const activatesOnSpace = (target: EventTarget | null) => target instanceof Element && target.closest("button, a[href], [role='button']") !== null;

/** The action a key asks for, and whether holding the key repeats it; null for keys the player leaves alone. */
function actionFor(e: KeyboardEvent<HTMLElement>, actions: TvKeyActions): { run: () => void; repeats: boolean } | null {
  switch (e.key) {
    case " ":
    case "Spacebar":
      return activatesOnSpace(e.target) ? null : { run: actions.toggle, repeats: false };
    case "k":
    case "K":
      return { run: actions.toggle, repeats: false };
    case "j":
    case "J":
    case "ArrowLeft":
      return { run: actions.skipBack, repeats: true };
    case "l":
    case "L":
    case "ArrowRight":
      return { run: actions.skipForward, repeats: true };
    case "f":
    case "F":
      return { run: actions.toggleFullscreen, repeats: false };
    case "m":
    case "M":
      return { run: actions.toggleMute, repeats: false };
    case "c":
    case "C":
      return actions.toggleCaptions ? { run: actions.toggleCaptions, repeats: false } : null;
    default:
      return null;
  }
}

export function handleTvKey(e: KeyboardEvent<HTMLElement>, actions: TvKeyActions) {
  if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || e.nativeEvent.isComposing || isTypingTarget(e.target)) return;
  const action = actionFor(e, actions);
  if (!action) return;
  e.preventDefault();
  e.stopPropagation();
  if (e.repeat && !action.repeats) return;
  action.run();
}
