// What a release's zip holds (decision 054), in this order: every track, numbered, under a name
// any file system takes; the cover; and credits.txt (title, year, tracks, the artist, a thank-you)
// in the order's language. And the zip's own file name, for Content-Disposition.
import type { ZipFile } from "./release-zip";
import type { ReleaseFiles } from "../../db/store-downloads";
import type { DownloadFormat } from "#contracts/store-model.ts";
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

const CREDITS: Record<Locale, { format: string; lossless: string; order: string; thanks: (artist: string) => string; visit: string }> = {
  en: {
    format: "Format",
    lossless: "lossless",
    order: "Order",
    thanks: (artist) => `Thank you for supporting ${artist}! Buying the music directly is the best way to keep it coming.`,
    visit: "Stream it, see what is next, and find the rest of the catalogue at",
  },
  "pt-BR": {
    format: "Formato",
    lossless: "sem perdas",
    order: "Pedido",
    thanks: (artist) => `Obrigado por apoiar ${artist}! Comprar a música diretamente é a melhor forma de fazer mais música acontecer.`,
    visit: "Ouça, veja o que vem por aí e encontre o resto do catálogo em",
  },
};

type CreditsInput = { release: ReleaseFiles; format: DownloadFormat; artist: string; locale: Locale; orderNumber: number; siteUrl: string };

/** credits.txt: CRLF line ends, so every text editor shows the lines. */
export function creditsText({ release, format, artist, locale, orderNumber, siteUrl }: CreditsInput): string {
  const t = CREDITS[locale];
  const heading = release.title === release.albumTitle ? `${release.title} (${release.year})` : `${release.title} — ${release.albumTitle} (${release.year})`;
  const lines = [
    heading,
    artist,
    "",
    ...release.tracks.map((track) => `${track.number}. ${track.title} (${minutes(track.durationSeconds)})`),
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
 * The zip's files, or null when a track has no file in this format (a master missing, or audio
 * kept on a remote host, which the zip cannot hold).
 */
export function releaseZipFiles(input: CreditsInput): ZipFile[] | null {
  const { release } = input;
  const digits = Math.max(2, String(Math.max(0, ...release.tracks.map((t) => t.number))).length);
  const files: ZipFile[] = [];
  for (const track of release.tracks) {
    if (!track.key || track.key.startsWith("https://")) return null;
    const number = String(track.number).padStart(digits, "0");
    files.push({ name: `${number} - ${safeFileName(track.title, `Track ${number}`)}.${extensionOf(track.key)}`, key: track.key });
  }
  if (files.length === 0) return null;
  if (release.coverKey && !release.coverKey.startsWith("https://")) files.push({ name: `cover.${extensionOf(release.coverKey)}`, key: release.coverKey });
  files.push({ name: "credits.txt", bytes: new TextEncoder().encode(creditsText(input)) });
  return files;
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
