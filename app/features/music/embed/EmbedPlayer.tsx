// The embeddable player: a track's or an album's previews, with the brand, the cover and the way
// to the full site. Another site frames it (/embed/track/{id}, /embed/album/{id}); links open the
// site in a new tab, since the frame is too small to be the site. A lyrics button shows the playing
// track's lyrics below, following the line sung in the preview (the preview's start added).
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useIntl } from "react-intl";
import type { TrackView } from "#contracts/music/music.ts";
import { PREVIEW_SECONDS } from "#contracts/preview.ts";
import { formatTime } from "../../../lib/audio/formatTime";
import { useOrigin } from "../../../lib/origin";
import { useSiteConfig } from "../../../lib/session/useSession";
import { PlayerIcon } from "../../../components/player/PlayerIcons";
import { albumQueryOptions, trackQueryOptions } from "../queries";
import { embedMessages as m } from "./messages";
import { usePreviewAudio, type PreviewAudioState } from "./usePreviewAudio";
import { LyricsButton, LyricsPanelSlot, lyricsPosition, useLyricsToggle, type LyricsToggle } from "../lyrics/LyricsToggle";
import { lyricsMessages } from "../lyrics/messages";
import "./embed.css";

type Audio = ReturnType<typeof usePreviewAudio>;

/** What the server cuts: 30 seconds, or half of a shorter track. */
const previewLength = (track: TrackView) => (track.durationSeconds > 0 ? Math.min(PREVIEW_SECONDS, track.durationSeconds / 2) : PREVIEW_SECONDS);

function EmbedFrame({ cover, title, children }: { cover: string | null; title: string; children: ReactNode }) {
  return (
    <div className="embed">
      {cover ? (
        <img className="embed-cover" src={cover} alt="" width={120} height={120} />
      ) : (
        <div className="embed-cover embed-cover-default" aria-hidden="true" />
      )}
      <div className="embed-body">
        <h1 className="embed-title">{title}</h1>
        {children}
      </div>
    </div>
  );
}

function ListenInFull({ href }: { href: string }) {
  const intl = useIntl();
  const brand = useSiteConfig()?.brandName ?? "";
  return (
    <a className="embed-cta" href={href} target="_blank" rel="noopener">
      {intl.formatMessage(m.listenInFull, { brand })}
    </a>
  );
}

function PlayButton({ track, audio }: { track: TrackView; audio: Audio }) {
  const intl = useIntl();
  const current = audio.state.trackId === track.id ? audio.state.status : "idle";
  const playing = current === "playing" || current === "loading";
  return (
    <button
      type="button"
      className="embed-play"
      disabled={!track.preview}
      aria-label={intl.formatMessage(playing ? m.pause : m.play, { title: track.title })}
      onClick={() => void audio.toggle(track.id)}
    >
      <PlayerIcon name={playing ? "pause" : "play"} size={22} />
    </button>
  );
}

function Progress({ title, state, seek }: { title: string; state: PreviewAudioState; seek: (seconds: number) => void }) {
  const intl = useIntl();
  const max = Math.max(1, Math.floor(state.duration));
  return (
    <div className="embed-progress">
      <input
        type="range"
        min={0}
        max={max}
        step={1}
        value={Math.min(max, Math.floor(state.currentTime))}
        aria-label={intl.formatMessage(m.position, { title })}
        onChange={(e) => seek(Number(e.currentTarget.value))}
      />
      <span className="embed-time">
        {formatTime(state.currentTime)} / {formatTime(state.duration)}
      </span>
    </div>
  );
}

/** The way to VIP lyrics from the frame: the site's VIP page in a new tab. */
function VipUpsell() {
  const intl = useIntl();
  const origin = useOrigin();
  return (
    <a className="embed-cta" href={`${origin}/vip-signup`} target="_blank" rel="noopener">
      {intl.formatMessage(lyricsMessages.becomeVip)}
    </a>
  );
}

function EmbedLyrics({ lyrics, trackId, state }: { lyrics: LyricsToggle; trackId: string; state: PreviewAudioState }) {
  const playing = state.trackId === trackId && state.status !== "idle";
  return (
    <LyricsPanelSlot
      lyrics={lyrics}
      trackId={trackId}
      positionMs={playing ? lyricsPosition(state.startSeconds + state.currentTime) : null}
      upsell={<VipUpsell />}
      className="embed-lyrics"
    />
  );
}

function Status({ state }: { state: PreviewAudioState }) {
  const intl = useIntl();
  const text = state.status === "error" ? m.failed : state.status === "ended" ? m.ended : null;
  return (
    <p className={state.status === "error" ? "embed-status embed-error" : "embed-status"} role="status">
      {text && intl.formatMessage(text)}
    </p>
  );
}

export function TrackEmbed({ trackId }: { trackId: string }) {
  const intl = useIntl();
  const origin = useOrigin();
  const audio = usePreviewAudio();
  const lyrics = useLyricsToggle();
  const track = useQuery(trackQueryOptions(trackId)).data?.track;
  if (!track) return <p className="embed-missing">{intl.formatMessage(m.notFound)}</p>;
  return (
    <EmbedFrame cover={track.coverUrl} title={track.title}>
      <p className="embed-sub">
        {track.albumTitle} · {track.albumYear} · <span className="embed-badge">{intl.formatMessage(m.preview)}</span>
      </p>
      <div className="embed-controls">
        <PlayButton track={track} audio={audio} />
        <Progress
          title={track.title}
          state={audio.state.trackId === track.id ? audio.state : { ...audio.state, currentTime: 0, duration: 0 }}
          seek={audio.seek}
        />
        <LyricsButton lyrics={lyrics} className="embed-lyrics-btn" />
      </div>
      <Status state={audio.state} />
      <EmbedLyrics lyrics={lyrics} trackId={track.id} state={audio.state} />
      <ListenInFull href={`${origin}/music/track/${encodeURIComponent(track.id)}`} />
    </EmbedFrame>
  );
}

export function AlbumEmbed({ albumId }: { albumId: string }) {
  const intl = useIntl();
  const origin = useOrigin();
  const audio = usePreviewAudio();
  const lyrics = useLyricsToggle();
  const album = useQuery(albumQueryOptions(albumId, intl.locale)).data?.album;
  if (!album) return <p className="embed-missing">{intl.formatMessage(m.notFound)}</p>;
  const current = album.tracks.find((t) => t.id === audio.state.trackId) ?? null;
  return (
    <EmbedFrame cover={album.coverUrl} title={album.title}>
      <p className="embed-sub">
        {album.year} · <span className="embed-badge">{intl.formatMessage(m.preview)}</span>
      </p>
      {current && (
        <div className="embed-controls">
          <Progress title={current.title} state={audio.state} seek={audio.seek} />
          <LyricsButton lyrics={lyrics} className="embed-lyrics-btn" />
        </div>
      )}
      <Status state={audio.state} />
      {current && <EmbedLyrics lyrics={lyrics} trackId={current.id} state={audio.state} />}
      <ol className="embed-tracks" aria-label={intl.formatMessage(m.tracks)}>
        {album.tracks.map((track) => (
          <li key={track.id} className={track.id === audio.state.trackId ? "embed-track is-current" : "embed-track"}>
            <PlayButton track={track} audio={audio} />
            <span className="embed-track-title">{track.title}</span>
            <span className="embed-track-meta">{track.preview ? formatTime(previewLength(track)) : intl.formatMessage(m.noPreview)}</span>
          </li>
        ))}
      </ol>
      <ListenInFull href={`${origin}/music/catalog/${encodeURIComponent(album.id)}`} />
    </EmbedFrame>
  );
}
