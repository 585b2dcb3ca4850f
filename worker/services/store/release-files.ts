// What a release's zip holds (decision 054), in this order: every track, numbered, under a name
// any file system takes; the cover; credits.txt (title, year, tracks with their credits, ISRC,
// label and recording day, the artist, a thank-you) in the order's language; and each track's
// lyrics where the buyer may read them (decision 117): .lrc for synced, .txt for plain, named as
// the track so players find them. A WAV goes in with the catalog's tags (decision 175: the FLAC
// and MP3 carry theirs in the stored file). And the zip's own file name, for Content-Disposition.
import type { WavTags, ZipFile } from "./release-zip";
import type { ReleaseFiles, ReleaseTrackFile } from "../../db/store/downloads";
import type { TrackZipDetails } from "../../db/music/track-details";
import type { CreditRole } from "#contracts/music/track-details-limits.ts";
import type { DownloadFormat } from "#contracts/store/model.ts";
import type { Locale } from "#contracts/locale.ts";

/** Characters no file system (or unzip) takes in a name, controls included. */
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u001f\u007f<>:"/\\|?*]/g;
const NAME_MAX = 120;

/** A title as a file name: well-formed, no separators or reserved characters, no leading or trailing dots. */
export function safeFileName(text: string, fallback: string): string {
  const cleaned = text
    .normalize("NFC")
    .replace(FORBIDDEN, " ")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^\.+|\.+$/g, "")
    .trim();
  const short = [...cleaned].slice(0, NAME_MAX).join("").trim();
  return short || fallback;
}

const extensionOf = (key: string) => /\.([a-z0-9]{2,5})$/i.exec(key)?.[1]?.toLowerCase() ?? "bin";

const minutes = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

const FORMAT_LABELS: Record<DownloadFormat, string> = { mp3: "MP3", wav: "WAV", flac: "FLAC" };

type CreditsWords = {
  format: string;
  lossless: string;
  order: string;
  label: string;
  recorded: string;
  roles: Record<CreditRole, string>;
  thanks: (artist: string) => string;
  visit: string;
};

// The roles as the track page names them (app/features/music/catalog/TrackDetails.tsx).
const CREDITS: Record<Locale, CreditsWords> = {
  en: {
    format: "Format",
    lossless: "lossless",
    order: "Order",
    label: "Label",
    recorded: "Recorded",
    roles: {
      performer: "Performer",
      featured: "Featuring",
      writer: "Writer",
      composer: "Composer",
      lyricist: "Lyricist",
      producer: "Producer",
      mixer: "Mixing",
      mastering: "Mastering",
      engineer: "Engineer",
      remixer: "Remixer",
      arranger: "Arranger",
    },
    thanks: (artist) => `Thank you for supporting ${artist}! Buying the music directly is the best way to keep it coming.`,
    visit: "Stream it, see what is next, and find the rest of the catalogue at",
  },
  "pt-BR": {
    format: "Formato",
    lossless: "sem perdas",
    order: "Pedido",
    label: "Gravadora",
    recorded: "Gravada em",
    roles: {
      performer: "Intérprete",
      featured: "Participação",
      writer: "Autoria",
      composer: "Composição",
      lyricist: "Letra",
      producer: "Produção",
      mixer: "Mixagem",
      mastering: "Masterização",
      engineer: "Engenharia de som",
      remixer: "Remix",
      arranger: "Arranjo",
    },
    thanks: (artist) => `Obrigado por apoiar ${artist}! Comprar a música diretamente é a melhor forma de fazer mais música acontecer.`,
    visit: "Ouça, veja o que vem por aí e encontre o resto do catálogo em",
  },
};

type CreditsInput = {
  release: ReleaseFiles;
  format: DownloadFormat;
  artist: string;
  locale: Locale;
  orderNumber: number;
  siteUrl: string;
  /** Each track's credits and lyrics by its id (none: the track's line alone). */
  details?: ReadonlyMap<string, TrackZipDetails>;
  /** Whether the buyer may read the release's lyrics (its setting, or VIP and above). */
  withLyrics?: boolean;
};

/** A recording day as the order's language writes it: "May 31, 2024", "31 de maio de 2024". */
const longDay = (day: string, locale: Locale) => new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${day}T12:00:00Z`));

/** A track's credit lines under its title, indented, in the track page's order. */
function trackCreditLines(details: TrackZipDetails | undefined, t: CreditsWords, locale: Locale): string[] {
  if (!details) return [];
  const lines = details.credits.map((credit) => `${t.roles[credit.role]}: ${credit.detail ? `${credit.name} (${credit.detail})` : credit.name}`);
  if (details.label) lines.push(`${t.label}: ${details.label}`);
  if (details.recordedOn) lines.push(`${t.recorded}: ${longDay(details.recordedOn, locale)}`);
  if (details.isrc) lines.push(`ISRC: ${details.isrc}`);
  return lines.map((line) => `   ${line}`);
}

/** credits.txt: CRLF line ends, so every text editor shows the lines. */
export function creditsText({ release, format, artist, locale, orderNumber, siteUrl, details }: CreditsInput): string {
  const t = CREDITS[locale];
  const heading = release.title === release.albumTitle ? `${release.title} (${release.year})` : `${release.title} — ${release.albumTitle} (${release.year})`;
  const lines = [
    heading,
    artist,
    "",
    ...release.tracks.flatMap((track) => [
      `${track.number}. ${track.title} (${minutes(track.durationSeconds)})`,
      ...trackCreditLines(details?.get(track.id), t, locale),
    ]),
    "",
    `${t.format}: ${FORMAT_LABELS[format]}${format === "mp3" ? "" : ` (${t.lossless})`}`,
    `${t.order}: #${orderNumber}`,
    "",
    t.thanks(artist),
    `${t.visit} ${siteUrl}`,
    "",
  ];
  return lines.join("\r\n");
}

/**
 * A track's lyrics files beside its audio: the order's language (else the other) under the track's
 * own name, which players look for; another language with its tag (".pt-BR.lrc").
 */
function lyricsFiles(baseName: string, details: TrackZipDetails | undefined, locale: Locale): ZipFile[] {
  const lyrics = details?.lyrics ?? [];
  const main = lyrics.find((l) => l.locale === locale) ?? lyrics[0];
  return lyrics.map((l) => ({
    name: `${baseName}${l === main ? "" : `.${l.locale}`}.${l.synced ? "lrc" : "txt"}`,
    bytes: new TextEncoder().encode(l.body),
  }));
}

/** Cover MIME types by the stored cover's extension (the catalog stores JPEG, PNG or WebP). */
const COVER_MIME: Record<string, string> = { jpg: "image/jpeg", jpeg: "image/jpeg", png: "image/png", webp: "image/webp" };

/**
 * A WAV's tags from the catalog, as the FLAC the Worker makes and the MP3 the import makes say
 * them: the album's cover when it is stored here (a remote one is left out), disc 1 (the catalog
 * has no discs), the track's place of the album's count.
 */
function wavTags({ release, artist, details }: CreditsInput, track: ReleaseTrackFile): WavTags {
  const mime = release.coverKey && !release.coverKey.startsWith("https://") ? COVER_MIME[extensionOf(release.coverKey)] : undefined;
  return {
    title: track.title,
    artist,
    album: release.albumTitle,
    trackNumber: track.number,
    trackCount: release.trackCount,
    discNumber: 1,
    year: release.year,
    isrc: details?.get(track.id)?.isrc ?? null,
    cover: mime ? { key: release.coverKey!, mime } : null,
  };
}

/**
 * The zip's files, or null when a track has no file in this format (a master missing, or audio
 * kept on a remote host, which the zip cannot hold).
 */
export function releaseZipFiles(input: CreditsInput): ZipFile[] | null {
  const { release } = input;
  const digits = Math.max(2, String(Math.max(0, ...release.tracks.map((t) => t.number))).length);
  const files: ZipFile[] = [];
  const lyrics: ZipFile[] = [];
  for (const track of release.tracks) {
    if (!track.key || track.key.startsWith("https://")) return null;
    const baseName = trackBaseName(track, digits);
    const name = `${baseName}.${extensionOf(track.key)}`;
    files.push(input.format === "wav" ? { name, key: track.key, wavTags: wavTags(input, track) } : { name, key: track.key });
    if (input.withLyrics) lyrics.push(...lyricsFiles(baseName, input.details?.get(track.id), input.locale));
  }
  if (files.length === 0) return null;
  if (release.coverKey && !release.coverKey.startsWith("https://")) files.push({ name: `cover.${extensionOf(release.coverKey)}`, key: release.coverKey });
  files.push({ name: "credits.txt", bytes: new TextEncoder().encode(creditsText(input)) });
  return [...files, ...lyrics];
}

/** A track's file name without its extension: "01 - Title". */
function trackBaseName(track: ReleaseTrackFile, digits: number): string {
  const number = String(track.number).padStart(digits, "0");
  return `${number} - ${safeFileName(track.title, `Track ${number}`)}`;
}

/** The archive's own name: "<artist> - <title> (<FORMAT>).zip". */
export function zipFileName(artist: string, title: string, format: DownloadFormat): string {
  return `${safeFileName(`${artist} - ${title}`, "Download")} (${FORMAT_LABELS[format]}).zip`;
}

/** Every file's time in the archive: New Year's Day of the release's year, at noon UTC. */
export const releaseTime = (year: number) => new Date(Date.UTC(year, 0, 1, 12, 0, 0));

/** Content-Disposition for a download: an ASCII name for old clients, the UTF-8 one for the rest (RFC 6266). */
export function attachmentHeader(name: string): string {
  const ascii = name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]/g, "_")
    .replace(/["\\]/g, "_");
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
