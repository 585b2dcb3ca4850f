// A track's lyrics and credits on its page (decision 112). Synced lyrics follow the player: while
// this track plays, the line being sung is marked and kept in view. Lyrics a release keeps for VIP
// and above say so instead of showing.
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useEffect, useMemo, useRef, useState } from "react";
import { defineMessages, FormattedDate, FormattedMessage, useIntl, type MessageDescriptor } from "react-intl";
import { currentLineIndex, type CreditRole } from "#contracts/music/track-details-limits.ts";
import type { TrackCreditsResponse, TrackLyrics } from "#contracts/music/track-details.ts";
import { ApiRequestError } from "../../../lib/api";
import { usePlayerSelector } from "../player/PlayerProvider";
import { previewStartOf } from "../player/previewStarts";
import { trackCreditsQueryOptions, trackLyricsQueryOptions } from "../queries";

const m = defineMessages({
  lyrics: { id: "music.details.lyrics", defaultMessage: "Lyrics" },
  credits: { id: "music.details.credits", defaultMessage: "Credits" },
  lyricsForVips: { id: "music.details.lyricsForVips", defaultMessage: "The lyrics of this release are for VIP members." },
  becomeVip: { id: "music.details.becomeVip", defaultMessage: "Become a VIP Member" },
  showEnglish: { id: "music.details.showEnglish", defaultMessage: "Show in English" },
  showPortuguese: { id: "music.details.showPortuguese", defaultMessage: "Mostrar em português" },
  isrc: { id: "music.details.isrc", defaultMessage: "ISRC" },
  label: { id: "music.details.label", defaultMessage: "Label" },
  recorded: { id: "music.details.recorded", defaultMessage: "Recorded" },
});

const ROLE_MESSAGES = defineMessages({
  performer: { id: "music.details.role.performer", defaultMessage: "Performer" },
  featured: { id: "music.details.role.featured", defaultMessage: "Featuring" },
  writer: { id: "music.details.role.writer", defaultMessage: "Writer" },
  composer: { id: "music.details.role.composer", defaultMessage: "Composer" },
  lyricist: { id: "music.details.role.lyricist", defaultMessage: "Lyricist" },
  producer: { id: "music.details.role.producer", defaultMessage: "Producer" },
  mixer: { id: "music.details.role.mixer", defaultMessage: "Mixing" },
  mastering: { id: "music.details.role.mastering", defaultMessage: "Mastering" },
  engineer: { id: "music.details.role.engineer", defaultMessage: "Engineer" },
  remixer: { id: "music.details.role.remixer", defaultMessage: "Remixer" },
  arranger: { id: "music.details.role.arranger", defaultMessage: "Arranger" },
}) satisfies Record<CreditRole, MessageDescriptor>;

export function TrackDetails({ trackId }: { trackId: string }) {
  return (
    <div className="track-details">
      <Lyrics trackId={trackId} />
      <Credits trackId={trackId} />
    </div>
  );
}

function Lyrics({ trackId }: { trackId: string }) {
  const query = useQuery(trackLyricsQueryOptions(trackId));
  const { locale } = useIntl();
  const [chosen, setChosen] = useState<string | null>(null);
  const refused = query.error instanceof ApiRequestError && (query.error.status === 401 || query.error.status === 403);
  if (refused)
    return (
      <section className="card track-lyrics" aria-labelledby="track-lyrics-title">
        <h2 id="track-lyrics-title">
          <FormattedMessage {...m.lyrics} />
        </h2>
        <p className="muted">
          <FormattedMessage {...m.lyricsForVips} />
        </p>
        <Link to="/vip-signup" className="btn btn-primary btn-sm">
          <FormattedMessage {...m.becomeVip} />
        </Link>
      </section>
    );
  const all = query.data?.lyrics ?? [];
  if (all.length === 0) return null;
  // The page's language first; the other one a button away.
  const shown = all.find((l) => l.locale === (chosen ?? locale)) ?? all.find((l) => l.locale === locale) ?? all[0]!;
  const other = all.find((l) => l.locale !== shown.locale);
  return (
    <section className="card track-lyrics" aria-labelledby="track-lyrics-title" lang={shown.locale}>
      <h2 id="track-lyrics-title">
        <FormattedMessage {...m.lyrics} />
      </h2>
      {other && (
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setChosen(other.locale)} lang={other.locale}>
          <FormattedMessage {...(other.locale === "en" ? m.showEnglish : m.showPortuguese)} />
        </button>
      )}
      {shown.synced ? <SyncedLyrics trackId={trackId} lyrics={shown} /> : <p className="track-lyrics-text">{shown.text}</p>}
    </section>
  );
}

/** The timed lines, the one being sung marked while this track plays (a quarter-second is fine enough). */
function SyncedLyrics({ trackId, lyrics }: { trackId: string; lyrics: TrackLyrics }) {
  // A preview is a cut of the song: its time plus where the cut starts is the song's (decision 117).
  const quarter = usePlayerSelector((s) => (s.current?.id === trackId ? Math.floor((s.currentTime + (s.preview ? previewStartOf(trackId) : 0)) * 4) : -1));
  const current = quarter < 0 ? -1 : currentLineIndex(lyrics.lines, quarter * 250);
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (current < 0) return;
    list.current?.children[current]?.scrollIntoView?.({ block: "nearest" });
  }, [current]);
  const lines = useMemo(() => lyrics.lines.map((line, i) => ({ ...line, key: `${line.ms}-${i}` })), [lyrics.lines]);
  return (
    <ol className="track-lyrics-lines" ref={list}>
      {lines.map((line, i) => (
        <li key={line.key} aria-current={i === current ? "true" : undefined} className={i === current ? "is-current" : undefined}>
          {line.text || "\u00a0"}
        </li>
      ))}
    </ol>
  );
}

function Credits({ trackId }: { trackId: string }) {
  const query = useQuery(trackCreditsQueryOptions(trackId));
  const data: TrackCreditsResponse | undefined = query.data;
  if (!data || (data.credits.length === 0 && !data.isrc && !data.label && !data.recordedOn)) return null;
  return (
    <section className="card track-credits" aria-labelledby="track-credits-title">
      <h2 id="track-credits-title">
        <FormattedMessage {...m.credits} />
      </h2>
      <dl>
        {data.credits.map((credit, i) => (
          <div key={`${credit.role}-${i}`}>
            <dt>
              <FormattedMessage {...ROLE_MESSAGES[credit.role]} />
            </dt>
            <dd>
              {credit.memberId ? (
                <Link to="/social/profile/$userId" params={{ userId: credit.memberId }}>
                  {credit.name}
                </Link>
              ) : (
                credit.name
              )}
              {credit.detail ? ` (${credit.detail})` : ""}
            </dd>
          </div>
        ))}
        {data.label && (
          <div>
            <dt>
              <FormattedMessage {...m.label} />
            </dt>
            <dd>{data.label}</dd>
          </div>
        )}
        {data.recordedOn && (
          <div>
            <dt>
              <FormattedMessage {...m.recorded} />
            </dt>
            <dd>
              <FormattedDate value={`${data.recordedOn}T12:00:00Z`} dateStyle="long" timeZone="UTC" />
            </dd>
          </div>
        )}
        {data.isrc && (
          <div>
            <dt>
              <FormattedMessage {...m.isrc} />
            </dt>
            <dd>{data.isrc}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}
