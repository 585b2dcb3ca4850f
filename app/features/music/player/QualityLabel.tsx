// Which quality is playing (decision 121): "MP3 · 320 kbps", "FLAC · 24-bit · 96 kHz" or
// "Preview", from the facts the Worker gave with the track's source (lossless.ts keeps them per
// track). Screen readers hear it as a sentence ("Playing quality: FLAC, 24-bit, 96 kHz"), not the
// separators. Nothing while the facts are not known yet (or for a remote file).
import { useSyncExternalStore } from "react";
import { useIntl, type IntlShape } from "react-intl";
import type { PlayingQuality } from "#contracts/music/music.ts";
import { losslessChoice } from "./lossless";
import { qualityMessages as m } from "./messages";

const FORMAT_NAMES: Record<PlayingQuality["format"], string> = { mp3: "MP3", aac: "AAC", m4a: "AAC", ogg: "Ogg", flac: "FLAC", wav: "WAV" };

/** The label's parts in order: the format, then what is known of it. */
export function qualityParts(intl: IntlShape, quality: PlayingQuality): string[] {
  const parts = [FORMAT_NAMES[quality.format]];
  if (quality.bitDepth) parts.push(intl.formatMessage(m.bits, { bits: quality.bitDepth }));
  if (quality.sampleRate) parts.push(intl.formatMessage(m.kilohertz, { rate: intl.formatNumber(quality.sampleRate / 1000, { maximumFractionDigits: 1 }) }));
  if (quality.kbps) parts.push(intl.formatMessage(m.kbps, { kbps: quality.kbps }));
  return parts;
}

export function QualityLabel({ trackId, preview, className }: { trackId: string; preview: boolean; className: string }) {
  const intl = useIntl();
  const { quality } = useSyncExternalStore(losslessChoice.subscribe, losslessChoice.getSnapshot, losslessChoice.getSnapshot);
  const known = quality.get(trackId);
  const parts = preview ? [intl.formatMessage(m.preview)] : known ? qualityParts(intl, known) : null;
  if (!parts) return null;
  return (
    <span className={className}>
      <span aria-hidden="true">{parts.join(" · ")}</span>
      <span className="sr-only">{intl.formatMessage(m.spoken, { quality: intl.formatList(parts, { type: "unit" }) })}</span>
    </span>
  );
}
