// Reads one audio file's tags with music-metadata, from the file itself (Blob slices: the audio
// stays on disk; duration from the header only, never by scanning the file), into what the import
// needs: album, title, numbers, year, ISRC, credits, lyrics and an embedded cover.
import type { IAudioMetadata, ICommonTagsResult } from "music-metadata";
import { ISRC_PATTERN, type CreditRole } from "#contracts/music/track-details-limits.ts";
import { isLrc, toLrc } from "./lrc";

export type ImportCredit = { role: CreditRole; name: string; detail?: string };
export type LyricsLanguage = "en" | "pt-BR";
export type ImportLyrics = { language: LyricsLanguage; text: string; synced: boolean };
/** Lyrics as a file carries them: the language only when the file says it. */
export type TagLyrics = Omit<ImportLyrics, "language"> & { language?: LyricsLanguage };
export type EmbeddedCover = { mime: string; bytes: Uint8Array };

export type TagInfo = {
  album?: string;
  artist?: string;
  title?: string;
  track?: number;
  disc?: number;
  year?: number;
  isrc?: string;
  credits: ImportCredit[];
  lyrics?: TagLyrics;
  /** The file's own language tag (ID3 TLAN, Vorbis LANGUAGE), when it is one the site has. */
  language?: LyricsLanguage;
  cover?: EmbeddedCover;
  durationSeconds?: number;
  sampleRate?: number;
};

/** music-metadata's common fields that are credits, with the role each one is. */
const COMMON_CREDITS: readonly [keyof ICommonTagsResult, CreditRole][] = [
  ["composer", "composer"],
  ["lyricist", "lyricist"],
  ["writer", "writer"],
  ["producer", "producer"],
  ["arranger", "arranger"],
  ["engineer", "engineer"],
  ["mixer", "mixer"],
  ["remixer", "remixer"],
];

/** ID3v2.4's involved-people list (TIPL) roles the common fields may not carry. */
const TIPL_ROLES: Record<string, CreditRole> = {
  producer: "producer",
  engineer: "engineer",
  mix: "mixer",
  mixer: "mixer",
  arranger: "arranger",
  mastering: "mastering",
};

const clean = (value: string | undefined | null) => {
  const text = value?.replace(/\0/g, "").trim();
  return text ? text : undefined;
};

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * A WAV's LIST/INFO text as its writer meant it. RIFF INFO names no charset, so the reader takes it
 * as Latin-1, while ffmpeg and most taggers write UTF-8: "Coração" came out "CoraÃ§Ã£o". Text whose
 * Latin-1 bytes are valid UTF-8 with a character beyond ASCII was UTF-8 (real Latin-1 accents are
 * single bytes that UTF-8 refuses); anything else is kept as read.
 */
function utf8MisreadAsLatin1(text: string): string {
  const codes = Array.from(text, (c) => c.charCodeAt(0));
  if (!codes.some((code) => code >= 0x80) || codes.some((code) => code > 0xff)) return text;
  try {
    return strictUtf8.decode(Uint8Array.from(codes));
  } catch {
    return text;
  }
}

/** Every string of the parsed common tags, read again as UTF-8 where the WAV reader took it for Latin-1. */
function repairWaveText(meta: IAudioMetadata): IAudioMetadata {
  if (meta.format.container !== "WAVE") return meta;
  const repair = (value: unknown): unknown => (typeof value === "string" ? utf8MisreadAsLatin1(value) : Array.isArray(value) ? value.map(repair) : value);
  const common = Object.fromEntries(Object.entries(meta.common).map(([key, value]) => [key, repair(value)])) as unknown as ICommonTagsResult;
  return { ...meta, common };
}

function creditsOf(meta: IAudioMetadata): ImportCredit[] {
  const credits: ImportCredit[] = [];
  const seen = new Set<string>();
  const add = (role: CreditRole, name: string | undefined, detail?: string) => {
    const key = `${role}\n${name}\n${detail ?? ""}`;
    if (!name || seen.has(key)) return;
    seen.add(key);
    credits.push(detail ? { role, name, detail } : { role, name });
  };
  for (const [field, role] of COMMON_CREDITS) {
    const values = meta.common[field];
    if (Array.isArray(values)) for (const v of values) add(role, clean(String(v)));
  }
  for (const tags of Object.values(meta.native)) {
    for (const { id, value } of tags) {
      if ((id === "TIPL" || id === "TMCL") && value && typeof value === "object") {
        for (const [part, names] of Object.entries(value as Record<string, string[]>)) {
          const role = id === "TIPL" ? TIPL_ROLES[part.toLowerCase()] : "performer";
          if (role) for (const name of names) add(role, clean(name), id === "TMCL" ? clean(part) : undefined);
        }
      }
    }
  }
  return credits;
}

const LANGUAGES: Record<string, LyricsLanguage> = { por: "pt-BR", pt: "pt-BR", "pt-br": "pt-BR", eng: "en", en: "en" };
const languageOf = (code: string | undefined): LyricsLanguage | undefined => LANGUAGES[code?.trim().toLowerCase() ?? ""];

/** Synced lyrics first (SYLT, or LRC text in a LYRICS tag), else the plain text. */
function lyricsOf(meta: IAudioMetadata): TagLyrics | undefined {
  const tags = meta.common.lyrics ?? [];
  const withLanguage = (lyrics: Omit<TagLyrics, "language">, tag: { language?: string }): TagLyrics => {
    const language = languageOf(tag.language);
    return language ? { language, ...lyrics } : lyrics;
  };
  // An unsynced (USLT) entry carries no syncText at all, whatever its type says.
  const synced = tags.find((t) => t.syncText?.some((line) => line.timestamp !== undefined));
  if (synced) {
    const lines = synced.syncText.filter((l) => l.timestamp !== undefined).map((l) => ({ ms: l.timestamp!, text: l.text }));
    return withLanguage({ text: toLrc(lines), synced: true }, synced);
  }
  const plain = tags.map((t) => clean(t.text)).find(Boolean);
  return plain ? withLanguage({ text: plain, synced: isLrc(plain) }, tags[0] ?? {}) : undefined;
}

export function tagInfoOf(parsed: IAudioMetadata): TagInfo {
  const meta = repairWaveText(parsed);
  const c = meta.common;
  const isrc = c.isrc?.map((v) => v.replace(/-/g, "").toUpperCase()).find((v) => ISRC_PATTERN.test(v));
  const picture = c.picture?.[0];
  const info: TagInfo = { credits: creditsOf(meta) };
  const put = <K extends keyof TagInfo>(key: K, value: TagInfo[K] | undefined) => {
    if (value !== undefined && value !== null) info[key] = value;
  };
  put("album", clean(c.album));
  put("artist", clean(c.albumartist) ?? clean(c.artist));
  put("title", clean(c.title));
  put("track", c.track.no ?? undefined);
  put("disc", c.disk.no ?? undefined);
  put("year", c.year);
  put("isrc", isrc);
  put("lyrics", lyricsOf(meta));
  put("language", languageOf(c.language));
  put("cover", picture ? { mime: picture.format, bytes: picture.data } : undefined);
  put("durationSeconds", meta.format.duration);
  put("sampleRate", meta.format.sampleRate);
  return info;
}

/** music-metadata is loaded on the first file read, so the page's own chunk stays small. */
export async function readTags(file: Blob): Promise<TagInfo> {
  const { parseBlob } = await import("music-metadata");
  return tagInfoOf(await parseBlob(file, { duration: false }));
}
