// The players' lyrics panel (decision 117), loaded on the first press of the lyrics button: the
// current track's lyrics in the viewer's language (else the other one, and the other one a button
// away), synced lines with the one being sung marked and kept in view as the track plays, plain
// lyrics as their text, and for a release that keeps its lyrics for VIP and above, that message
// with the way in. Every line is text, so a screen reader reads the lyrics as written.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { useIntl } from "react-intl";
import { currentLineIndex } from "#contracts/music/track-details-limits.ts";
import type { TrackLyrics } from "#contracts/music/track-details.ts";
import { ApiRequestError } from "../../../lib/api";
import { PlayerIcon } from "../../../components/player/PlayerIcons";
import { trackLyricsQueryOptions } from "../queries";
import { lyricsMessages as m } from "./messages";
import "./lyrics.css";

type LyricsPanelProps = {
  id: string;
  trackId: string;
  positionMs: number | null;
  onClose(): void;
  upsell: ReactNode;
  className: string;
};

export default function LyricsPanel({ id, trackId, positionMs, onClose, upsell, className }: LyricsPanelProps) {
  const intl = useIntl();
  const titleId = useId();
  const query = useQuery(trackLyricsQueryOptions(trackId));
  const [chosen, setChosen] = useState<string | null>(null);
  const all = query.data?.lyrics ?? [];
  // The viewer's language first, else the other one.
  const shown = all.find((l) => l.locale === (chosen ?? intl.locale)) ?? all.find((l) => l.locale === intl.locale) ?? all[0];
  const other = shown && all.find((l) => l.locale !== shown.locale);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Escape") return;
    event.preventDefault();
    event.stopPropagation();
    onClose();
  };

  return (
    <section id={id} className={className} aria-labelledby={titleId} lang={shown?.locale} onKeyDown={onKeyDown}>
      <header className="lyrics-panel-head" lang={intl.locale}>
        <h2 id={titleId} className="lyrics-panel-title">
          {intl.formatMessage(m.title)}
        </h2>
        {other && (
          <button type="button" className="btn btn-ghost btn-sm" lang={other.locale} onClick={() => setChosen(other.locale)}>
            {intl.formatMessage(other.locale === "en" ? m.showEnglish : m.showPortuguese)}
          </button>
        )}
        <button type="button" className="lyrics-panel-close" aria-label={intl.formatMessage(m.close)} title={intl.formatMessage(m.close)} onClick={onClose}>
          <PlayerIcon name="close" size={18} />
        </button>
      </header>
      <div className="lyrics-panel-body">
        <Body query={query} shown={shown} positionMs={positionMs} upsell={upsell} />
      </div>
    </section>
  );
}

function Body({
  query,
  shown,
  positionMs,
  upsell,
}: {
  query: { isPending: boolean; error: unknown };
  shown: TrackLyrics | undefined;
  positionMs: number | null;
  upsell: ReactNode;
}) {
  const intl = useIntl();
  const note = (text: string) => <p className="lyrics-panel-note">{text}</p>;
  if (query.isPending) return note(intl.formatMessage(m.loading));
  const error = query.error;
  if (error instanceof ApiRequestError && (error.status === 401 || error.status === 403))
    return (
      <>
        {note(intl.formatMessage(m.locked))}
        {upsell}
      </>
    );
  if (error && !(error instanceof ApiRequestError && error.status === 404)) return note(intl.formatMessage(m.failed));
  if (!shown) return note(intl.formatMessage(m.none));
  return shown.synced ? <SyncedLines lines={shown.lines} positionMs={positionMs} /> : <p className="lyrics-panel-text">{shown.text}</p>;
}

/** The timed lines; the one sung at `positionMs` marked (aria-current) and scrolled into view. */
function SyncedLines({ lines, positionMs }: { lines: TrackLyrics["lines"]; positionMs: number | null }) {
  const current = positionMs === null ? -1 : currentLineIndex(lines, positionMs);
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (current >= 0) list.current?.children[current]?.scrollIntoView?.({ block: "center" });
  }, [current]);
  const keyed = useMemo(() => lines.map((line, i) => ({ ...line, key: `${line.ms}-${i}` })), [lines]);
  return (
    <ol className="lyrics-panel-lines" ref={list}>
      {keyed.map((line, i) => (
        <li key={line.key} aria-current={i === current ? "true" : undefined} className={i === current ? "is-current" : undefined}>
          {line.text || "\u00a0"}
        </li>
      ))}
    </ol>
  );
}
