// What a demo MP3 says about itself (ID3v2.4, written by the import's writer: scripts/lib/id3v24.mjs),
// so the local store's downloads file under the artist and album in a music library, as the demo
// FLACs do (demo-masters.mjs).
import { renderCoverPng } from "../lib/demo-covers.mjs";
import { DEMO_ARTIST } from "./demo-masters.mjs";

/** One render of each album's cover per process: every track's MP3 carries it. */
const coverBytes = new Map();

/**
 * A demo MP3's tags: the catalog's title, place and year, the local artist, and the album's cover
 * (the very PNG the cover job stores), and the seed's ISRC. The seed has no discs: disc 1.
 * @param {{ title: string, number: number, isrc: string }} track
 * @param {{ id: string, title: string, year: number, type: string, trackCount: number }} album
 */
export function demoMp3Tags(track, { trackCount, ...album }) {
  if (!coverBytes.has(album.id)) coverBytes.set(album.id, renderCoverPng(album));
  return {
    title: track.title,
    artist: DEMO_ARTIST,
    album: album.title,
    trackNumber: track.number,
    trackCount,
    discNumber: 1,
    year: album.year,
    isrc: track.isrc,
    cover: { mime: "image/png", bytes: coverBytes.get(album.id) },
  };
}
