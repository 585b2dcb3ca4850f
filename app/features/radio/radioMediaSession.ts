// The radio's side of the page's Media Session: while it plays (or loads), the radio owns the
// session, and its metadata is the station and the track now playing (title, the artist's name,
// album and station, cover or station picture), replacing the music track's. It clears only the
// metadata it wrote itself, never the music player's.
import type { MediaMetadataFields, MediaSessionLike } from "../../lib/audio/mediaSession";
import type { RadioState } from "./radioState";

const ownsSession = (state: RadioState) => state.status === "loading" || state.status === "playing";

export class RadioMediaSession {
  /** The metadata the radio last wrote (so reset clears only its own, never the music's). */
  private written: unknown = null;
  /** The artist's name (the back office's setting), for the artist line of a catalog track. */
  private artist = "";

  constructor(
    private readonly session: MediaSessionLike | null,
    private readonly createMetadata: (fields: MediaMetadataFields) => unknown,
    private readonly log: (message: string, error?: unknown) => void,
  ) {}

  /** The lock screen's artist line for catalog tracks; rewrites the metadata while the radio owns it. */
  setArtist(artist: string, state: RadioState) {
    if (artist === this.artist) return;
    this.artist = artist;
    if (ownsSession(state)) this.write(state);
  }

  /** Starting (or a new track, or another station) while active writes the radio's metadata. */
  sync(before: RadioState, state: RadioState) {
    const session = this.session;
    if (!session) return;
    const { status, station, nowPlaying } = state;
    try {
      if (ownsSession(state)) {
        if (before.status !== status || before.station !== station || before.nowPlaying?.current !== nowPlaying?.current) this.write(state);
        session.playbackState = status === "playing" ? "playing" : "paused";
      } else if (session.metadata === this.written && this.written !== null) {
        // Still the radio's: paused keeps it (the lock screen can resume), idle clears it.
        session.playbackState = status === "idle" ? "none" : "paused";
        if (status === "idle") session.metadata = this.written = null;
      }
    } catch (error) {
      this.log("could not update the media session", error);
    }
  }

  private write({ station, nowPlaying }: RadioState) {
    const session = this.session;
    if (!session || !station) return;
    // Stream stations have no known titles: the station stands in for the track.
    const track = nowPlaying?.current?.track ?? null;
    const picture = track?.coverUrl ?? station.imageUrl;
    try {
      session.metadata = this.written = this.createMetadata({
        title: track?.title ?? station.name,
        // A catalog track names the artist who sang it and the station it is on; a stream, whose
        // titles are unknown, names the station on air.
        artist: track && this.artist ? this.artist : station.name,
        album: track ? `${track.albumTitle} · ${station.name}` : "",
        artwork: picture ? [{ src: picture }] : [],
      });
    } catch (error) {
      this.log("could not set media metadata", error);
    }
  }
}
