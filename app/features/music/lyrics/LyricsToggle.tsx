// The players' lyrics button and the panel it opens (decision 117): the bar, the popup and the
// embed each place both. The button is light and always there; the panel's code is loaded on the
// first press, so no page's first load carries it. The button says whether the panel is open
// (aria-expanded) and Escape closes it, from the button or from inside the panel, giving the focus
// back to the button.
import { lazy, Suspense, useCallback, useId, useState, type ReactNode } from "react";
import { useIntl } from "react-intl";
import { PlayerIcon } from "../../../components/player/PlayerIcons";
import { lyricsMessages as m } from "./messages";

const LyricsPanel = lazy(() => import("./LyricsPanel"));

export function useLyricsToggle() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonId = useId();
  const close = useCallback(() => {
    setOpen(false);
    document.getElementById(buttonId)?.focus();
  }, [buttonId]);
  const toggle = useCallback(() => setOpen((was) => !was), []);
  return { open, panelId, buttonId, toggle, close };
}

export type LyricsToggle = ReturnType<typeof useLyricsToggle>;

export function LyricsButton({ lyrics, className }: { lyrics: LyricsToggle; className: string }) {
  const intl = useIntl();
  const label = intl.formatMessage(m.button);
  return (
    <button
      type="button"
      id={lyrics.buttonId}
      className={className}
      aria-label={label}
      title={label}
      aria-expanded={lyrics.open}
      aria-controls={lyrics.open ? lyrics.panelId : undefined}
      onClick={lyrics.toggle}
      onKeyDown={(event) => {
        if (event.key !== "Escape" || !lyrics.open) return;
        event.preventDefault();
        lyrics.close();
      }}
    >
      <PlayerIcon name="lyrics" />
    </button>
  );
}

export type LyricsPanelPlace = {
  lyrics: LyricsToggle;
  trackId: string;
  /** Where the track is now, in the track's own time (a preview's start added); null when it is not the one playing. */
  positionMs: number | null;
  /** The way to VIP lyrics: a link in the site, a new tab from the embed. */
  upsell: ReactNode;
  className?: string;
};

/** The open panel (nothing while closed), its code loaded on first use. */
export function LyricsPanelSlot({ lyrics, trackId, positionMs, upsell, className }: LyricsPanelPlace) {
  const intl = useIntl();
  if (!lyrics.open) return null;
  const loading = (
    <section id={lyrics.panelId} className={withClass("lyrics-panel", className)} aria-label={intl.formatMessage(m.title)}>
      <p className="lyrics-panel-note" role="status">
        {intl.formatMessage(m.loading)}
      </p>
    </section>
  );
  return (
    <Suspense fallback={loading}>
      {/* A new track starts in the viewer's language again. */}
      <LyricsPanel
        key={trackId}
        id={lyrics.panelId}
        trackId={trackId}
        positionMs={positionMs}
        onClose={lyrics.close}
        upsell={upsell}
        className={withClass("lyrics-panel", className)}
      />
    </Suspense>
  );
}

const withClass = (base: string, extra: string | undefined) => (extra ? `${base} ${extra}` : base);

/** A position in seconds as the panel takes it: whole quarter-seconds (finer would only re-render more). */
export const lyricsPosition = (seconds: number) => Math.floor(Math.max(0, seconds) * 4) * 250;
