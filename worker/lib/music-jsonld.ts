// schema.org markup and Open Graph music tags for the album and track pages (worker/routes/pages.ts,
// through musicPageExtras in worker/services/artist.ts). Pure: the caller passes the album or
// track, the site's origin and the artist. The artist is the performer, as in the events' markup
// (worker/lib/event-jsonld.ts): a Person named by the back office's artist name setting, never
// the brand; their links (official site, socials) are its url and sameAs.
import type { AlbumDetail, TrackView } from "#contracts/music/music.ts";
import type { ArtistLinks } from "#contracts/admin/settings.ts";
import type { CreditRole } from "#contracts/music/track-details-limits.ts";
import { escapeHtml } from "./page-head";
import { jsonLdScript } from "./event-jsonld";

export type MusicArtist = { name: string; links: ArtistLinks };

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

const SCHEMA = "https://schema.org";

/** The artist's profile address for music:musician: the official site, else the site's biography. */
export const artistProfileUrl = (artist: MusicArtist, origin: string) => artist.links.website ?? `${origin}/#bio`;

function person(artist: MusicArtist): { [key: string]: Json } {
  const sameAs = [artist.links.instagram, artist.links.facebook, artist.links.youtube].filter((link): link is string => link !== null);
  return {
    "@type": "Person",
    name: artist.name,
    ...(artist.links.website ? { url: artist.links.website } : {}),
    ...(sameAs.length ? { sameAs } : {}),
  };
}

const absolute = (url: string | null, origin: string) => (url ? new URL(url, `${origin}/`).href : undefined);

/** ISO 8601 duration of whole seconds: PT3M25S. */
export const isoDuration = (seconds: number) => `PT${Math.floor(seconds / 60)}M${seconds % 60}S`;

export const albumUrl = (origin: string, id: string) => `${origin}/music/catalog/${encodeURIComponent(id)}`;
export const trackUrl = (origin: string, id: string) => `${origin}/music/track/${encodeURIComponent(id)}`;

/** `notesLanguage`: the language of album.notes (its description), null without notes. */
export function albumJsonLd(album: AlbumDetail, origin: string, artist: MusicArtist, notesLanguage: string | null = null): Json {
  const data: { [key: string]: Json } = {
    "@context": SCHEMA,
    "@type": "MusicAlbum",
    name: album.title,
    url: albumUrl(origin, album.id),
    datePublished: String(album.year),
    numTracks: album.tracks.length,
    byArtist: person(artist),
    track: album.tracks.map((track) => ({ "@type": "MusicRecording", name: track.title, url: trackUrl(origin, track.id), position: track.number })),
  };
  const image = absolute(album.coverUrl, origin);
  if (image) data.image = image;
  if (album.notes && notesLanguage) {
    data.description = album.notes;
    data.inLanguage = notesLanguage;
  }
  return data;
}

/** What a track's markup says of its recording (decision 117): the credits' roles and names, ISRC and recording day. */
export type RecordingCredits = { credits: readonly { role: CreditRole; name: string }[]; isrc: string | null; recordedOn: string | null };

/** The people credited with any of `roles`, each once, in the credits' order. */
function credited(recording: RecordingCredits, roles: readonly CreditRole[]): { [key: string]: Json }[] {
  const names = recording.credits.filter((c) => roles.includes(c.role)).map((c) => c.name);
  return [...new Set(names)].map((name) => ({ "@type": "Person", name }));
}

/** One person as itself, several as a list (schema.org takes either). */
const oneOrMany = (people: { [key: string]: Json }[]): Json => (people.length === 1 ? people[0]! : people);

/**
 * The recording's credits where schema.org has a place for them: the ISRC (isrcCode), featured
 * artists beside the artist (byArtist), producers (producer), the recording day (dateCreated), and
 * the song it records (recordingOf, a MusicComposition) with its composers and lyricists; a
 * "writer" credit wrote both. Other roles (mixing, mastering…) have no property of their own.
 */
function recordingCredits(data: { [key: string]: Json }, track: TrackView, artist: MusicArtist, recording: RecordingCredits) {
  if (recording.isrc) data.isrcCode = recording.isrc;
  const featured = credited(recording, ["featured"]).filter((p) => p.name !== artist.name);
  if (featured.length) data.byArtist = [person(artist), ...featured];
  const producers = credited(recording, ["producer"]);
  if (producers.length) data.producer = oneOrMany(producers);
  if (recording.recordedOn) data.dateCreated = recording.recordedOn;
  const composers = credited(recording, ["composer", "writer"]);
  const lyricists = credited(recording, ["lyricist", "writer"]);
  if (composers.length || lyricists.length)
    data.recordingOf = {
      "@type": "MusicComposition",
      name: track.title,
      ...(composers.length ? { composer: oneOrMany(composers) } : {}),
      ...(lyricists.length ? { lyricist: oneOrMany(lyricists) } : {}),
    };
}

export function trackJsonLd(track: TrackView, origin: string, artist: MusicArtist, recording: RecordingCredits | null = null): Json {
  const data: { [key: string]: Json } = {
    "@context": SCHEMA,
    "@type": "MusicRecording",
    name: track.title,
    url: trackUrl(origin, track.id),
    byArtist: person(artist),
    inAlbum: { "@type": "MusicAlbum", name: track.albumTitle, url: albumUrl(origin, track.albumId), byArtist: person(artist) },
  };
  if (track.durationSeconds > 0) data.duration = isoDuration(track.durationSeconds);
  const image = absolute(track.coverUrl, origin);
  if (image) data.image = image;
  if (recording) recordingCredits(data, track, artist, recording);
  return data;
}

const property = (key: string, value: string) => `<meta property="${key}" content="${escapeHtml(value)}">`;

/** An album page's extra <head>: the Open Graph music tags (naming the artist) and its MusicAlbum markup. */
export function albumHead(album: AlbumDetail, origin: string, artist: MusicArtist, notesLanguage: string | null = null): string {
  return (
    property("music:musician", artistProfileUrl(artist, origin)) +
    property("music:release_date", String(album.year)) +
    `<meta name="author" content="${escapeHtml(artist.name)}">` +
    jsonLdScript(albumJsonLd(album, origin, artist, notesLanguage))
  );
}

/** A track page's extra <head>: the Open Graph music tags (naming the artist) and its MusicRecording markup. */
export function trackHead(track: TrackView, origin: string, artist: MusicArtist, recording: RecordingCredits | null = null): string {
  return (
    property("music:musician", artistProfileUrl(artist, origin)) +
    property("music:album", albumUrl(origin, track.albumId)) +
    (track.durationSeconds > 0 ? property("music:duration", String(track.durationSeconds)) : "") +
    `<meta name="author" content="${escapeHtml(artist.name)}">` +
    jsonLdScript(trackJsonLd(track, origin, artist, recording))
  );
}
