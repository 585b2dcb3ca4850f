// The import's plan, pure: the files read from a folder (their kind by content and their tags)
// become releases grouped by album, each track with its master and streaming files, cover and
// lyrics; problemsOf says what is wrong, and which problems block saving.
import { ISRC_PATTERN } from "#contracts/music/track-details-limits.ts";
import { isLrc } from "./lrc";
import type { ImportCredit, ImportLyrics, LyricsLanguage, TagInfo } from "./readTags";
import { isAudio, isImage, isLossless, type FileKind } from "./sniff";

/** One dropped file as read: its path in the folder (or zip), its kind by content, its tags. */
export type ScannedFile = {
  id: string;
  path: string;
  size: number;
  kind: FileKind;
  tags?: TagInfo;
  /** The tags could not be read: the file is damaged or not what its first bytes say. */
  unreadable?: boolean;
  /** A lyrics sidecar's text. */
  text?: string;
};

export type DraftTrack = {
  key: string;
  title: string;
  titlePtBr: string;
  number: number | null;
  disc: number;
  isrc: string;
  credits: ImportCredit[];
  lyrics: ImportLyrics | null;
  /** The lossless file sold as the download, if any. */
  masterFileId: string | null;
  /** The file streamed; null with a master means "encode the MP3 from the master". */
  streamingFileId: string | null;
  /** Every audio file of the track, for the review's choice of master and streaming. */
  fileIds: string[];
  durationSeconds: number | null;
  unreadable: boolean;
};

export type DraftRelease = {
  key: string;
  title: string;
  titlePtBr: string;
  year: number | null;
  /** A picture file of the folder, or the file whose embedded cover is used. */
  coverFileId: string | null;
  tracks: DraftTrack[];
};

export type ImportDraft = { releases: DraftRelease[]; refused: ScannedFile[] };

const folderOf = (path: string) => path.slice(0, Math.max(0, path.lastIndexOf("/")));
const baseName = (path: string) => path.slice(path.lastIndexOf("/") + 1);
const stemOf = (path: string) => baseName(path).replace(/\.[^.]+$/, "");
const norm = (text: string) => text.normalize("NFC").trim().toLowerCase();

/** "03 - Title" (track 3) or "2-03 Title" (disc 2, track 3): a file's place from its name, when the tags have none. */
const PLACE_IN_NAME = /^(?:(\d{1,2})-)?(\d{1,3})\b/;

function numberFromName(path: string): number | null {
  const match = PLACE_IN_NAME.exec(stemOf(path));
  return match ? Number(match[2]) : null;
}

function discFromName(path: string): number {
  const disc = PLACE_IN_NAME.exec(stemOf(path))?.[1];
  return disc ? Number(disc) : 1;
}

const COVER_NAMES = /^(cover|folder|front|album)\b/i;

function coverOf(images: readonly ScannedFile[], audio: readonly ScannedFile[]): string | null {
  const named = images.find((f) => COVER_NAMES.test(baseName(f.path)));
  return named?.id ?? images[0]?.id ?? audio.find((f) => f.tags?.cover)?.id ?? null;
}

/** A sidecar .lrc/.txt beside the audio with the same name gives the track's lyrics. */
function sidecarLyrics(audio: ScannedFile, lyrics: readonly ScannedFile[], language: LyricsLanguage): ImportLyrics | null {
  const folder = folderOf(audio.path);
  const stem = norm(stemOf(audio.path));
  const match = lyrics.filter((f) => folderOf(f.path) === folder && norm(stemOf(f.path)) === stem && f.text?.trim());
  const file = match.find((f) => /\.lrc$/i.test(f.path)) ?? match[0];
  if (!file?.text) return null;
  return { language, text: file.text.trim(), synced: isLrc(file.text) };
}

/** The language a file declares, by its lyrics' own tag first, then the file's language tag. */
const declaredLanguage = (file: ScannedFile) => file.tags?.lyrics?.language ?? file.tags?.language;

/** The language most of an album's files declare; lyrics that say none take it. */
function albumLanguage(files: readonly ScannedFile[]): LyricsLanguage | undefined {
  const counts = new Map<LyricsLanguage, number>();
  for (const file of files) {
    const language = declaredLanguage(file);
    if (language) counts.set(language, (counts.get(language) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/** A file's place and title from its name alone: "03 - Última Dança.wav" and "03 Última Dança.mp3" are one track. */
function nameKey(path: string): string {
  const stem = stemOf(path);
  const place = PLACE_IN_NAME.exec(stem);
  const title = norm(place ? stem.slice(place[0].length) : stem)
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
  return `${folderOf(path)}\n${discFromName(path)}:${place ? Number(place[2]) : "?"}:${title}`;
}

const isUntagged = (file: ScannedFile) => !file.tags?.album && !file.tags?.title;

/**
 * An untagged file beside a tagged one of the same name (a DAW's WAV export next to its tagged MP3)
 * takes that file's album, title and place, so the two become one track instead of a second
 * release; its own length, rate, lyrics and cover stay its own.
 */
function pairedByName(audio: readonly ScannedFile[]): ScannedFile[] {
  const tagged = new Map<string, ScannedFile>();
  for (const file of audio) if (!isUntagged(file) && !tagged.has(nameKey(file.path))) tagged.set(nameKey(file.path), file);
  return audio.map((file) => {
    const sibling = isUntagged(file) && !file.unreadable ? tagged.get(nameKey(file.path)) : undefined;
    if (!sibling?.tags) return file;
    const { album, artist, title, track, disc, year } = sibling.tags;
    return { ...file, tags: { credits: [], ...file.tags, album, artist, title, track, disc, year } };
  });
}

/** Files of one track: same disc and number (or title), a lossless and a lossy copy together. */
function trackKeyOf(file: ScannedFile): string {
  const number = file.tags?.track ?? numberFromName(file.path);
  const title = file.tags?.title ? norm(file.tags.title) : stemOf(file.path);
  return `${file.tags?.disc ?? discFromName(file.path)}:${number ?? `?${title}`}:${title}`;
}

function draftTrack(key: string, files: ScannedFile[], lyrics: readonly ScannedFile[], language: LyricsLanguage): DraftTrack {
  const first = files.find((f) => f.tags) ?? files[0]!;
  const tags = first.tags;
  const ownLanguage = declaredLanguage(first) ?? language;
  const tagLyrics = tags?.lyrics && { ...tags.lyrics, language: tags.lyrics.language ?? ownLanguage };
  const master = files.find((f) => isLossless(f.kind) && !f.unreadable);
  const streaming = files.find((f) => !isLossless(f.kind) && !f.unreadable);
  return {
    key,
    title: tags?.title ?? "",
    titlePtBr: "",
    number: tags?.track ?? numberFromName(first.path),
    disc: tags?.disc ?? discFromName(first.path),
    isrc: tags?.isrc ?? "",
    credits: tags?.credits ?? [],
    lyrics: sidecarLyrics(first, lyrics, ownLanguage) ?? tagLyrics ?? null,
    masterFileId: master?.id ?? null,
    streamingFileId: streaming?.id ?? null,
    fileIds: files.map((f) => f.id),
    durationSeconds: tags?.durationSeconds ?? null,
    unreadable: files.every((f) => f.unreadable),
  };
}

const byNumber = (a: DraftTrack, b: DraftTrack) => a.disc - b.disc || (a.number ?? 1e9) - (b.number ?? 1e9) || a.title.localeCompare(b.title);

/** Groups audio by its album tag (else by its folder) into draft releases. */
export function planImport(files: readonly ScannedFile[]): ImportDraft {
  const audio = pairedByName(files.filter((f) => isAudio(f.kind)));
  const images = files.filter((f) => isImage(f.kind));
  const lyrics = files.filter((f) => f.kind === "lyrics");
  const refused = files.filter((f) => f.kind === "unsupported" || f.kind === "zip");
  const groups = new Map<string, { title: string; files: ScannedFile[] }>();
  for (const file of audio) {
    const album = file.tags?.album;
    const key = album ? `album:${norm(album)}` : `folder:${folderOf(file.path)}`;
    const group = groups.get(key) ?? { title: album ?? baseName(folderOf(file.path)), files: [] };
    group.files.push(file);
    groups.set(key, group);
  }
  const releases = [...groups].map(([key, group]): DraftRelease => {
    const byTrack = new Map<string, ScannedFile[]>();
    for (const file of group.files) byTrack.set(trackKeyOf(file), [...(byTrack.get(trackKeyOf(file)) ?? []), file]);
    const folders = new Set(group.files.map((f) => folderOf(f.path)));
    const folderImages = images.filter((f) => folders.has(folderOf(f.path)));
    const language = albumLanguage(group.files) ?? "en";
    return {
      key,
      title: group.title,
      titlePtBr: "",
      year: group.files.find((f) => f.tags?.year)?.tags?.year ?? null,
      coverFileId: coverOf(folderImages, group.files),
      tracks: [...byTrack].map(([trackKey, trackFiles]) => draftTrack(`${key}/${trackKey}`, trackFiles, lyrics, language)).sort(byNumber),
    };
  });
  return { releases: releases.sort((a, b) => a.title.localeCompare(b.title)), refused };
}

export type ProblemCode = "missing_album_title" | "missing_title" | "missing_number" | "duplicate_number" | "invalid_isrc" | "unreadable" | "no_audio";

export type Problem = { code: ProblemCode; releaseKey: string; trackKey?: string };

/** Every problem of the draft; each one blocks saving until the admin fixes or removes it. */
export function problemsOf(draft: ImportDraft): Problem[] {
  const problems: Problem[] = [];
  for (const release of draft.releases) {
    const at = (code: ProblemCode, trackKey?: string) =>
      problems.push(trackKey ? { code, releaseKey: release.key, trackKey } : { code, releaseKey: release.key });
    if (!release.title.trim()) at("missing_album_title");
    const numbers = new Map<string, number>();
    for (const t of release.tracks) if (t.number !== null) numbers.set(`${t.disc}:${t.number}`, (numbers.get(`${t.disc}:${t.number}`) ?? 0) + 1);
    for (const t of release.tracks) {
      if (t.unreadable) at("unreadable", t.key);
      else if (!t.masterFileId && !t.streamingFileId) at("no_audio", t.key);
      if (!t.title.trim()) at("missing_title", t.key);
      if (t.number === null) at("missing_number", t.key);
      else if ((numbers.get(`${t.disc}:${t.number}`) ?? 0) > 1) at("duplicate_number", t.key);
      if (t.isrc && !ISRC_PATTERN.test(t.isrc)) at("invalid_isrc", t.key);
    }
  }
  return problems;
}

/** A track whose streaming MP3 the browser encodes from its master. */
export const needsEncoding = (t: DraftTrack) => t.masterFileId !== null && t.streamingFileId === null;

/** The draft with one release changed (the review's edits; the draft itself is never mutated). */
export function withRelease(draft: ImportDraft, key: string, change: (release: DraftRelease) => DraftRelease): ImportDraft {
  return { ...draft, releases: draft.releases.map((r) => (r.key === key ? change(r) : r)) };
}

export function withTrack(draft: ImportDraft, releaseKey: string, trackKey: string, patch: Partial<DraftTrack>): ImportDraft {
  return withRelease(draft, releaseKey, (r) => ({ ...r, tracks: r.tracks.map((t) => (t.key === trackKey ? { ...t, ...patch } : t)) }));
}

/** Leaves a track out of the import; a release left with none goes too. */
export function withoutTrack(draft: ImportDraft, releaseKey: string, trackKey: string): ImportDraft {
  const next = withRelease(draft, releaseKey, (r) => ({ ...r, tracks: r.tracks.filter((t) => t.key !== trackKey) }));
  return { ...next, releases: next.releases.filter((r) => r.tracks.length > 0) };
}
