// Offline demo captions for the local music videos: a WebVTT file per language (en, pt-BR) that
// runs the whole video, one cue every CUE_SECONDS, naming the track and saying the lines are demo
// captions (the demo songs have no lyrics). The same input gives the same bytes.

/** How long each cue shows. */
export const CUE_SECONDS = 4;

/** The lines the cues cycle through, per language; {title} is the track's title. */
const LINES = {
  en: ["♪ {title} ♪", "[synth intro]", "Demo captions: the lyrics would show here", "[drum machine beat]", "♪ {title} ♪ (chorus)", "[music fades]"],
  "pt-BR": [
    "♪ {title} ♪",
    "[introdução de sintetizador]",
    "Legendas de demonstração: a letra apareceria aqui",
    "[batida de bateria eletrônica]",
    "♪ {title} ♪ (refrão)",
    "[a música diminui]",
  ],
};

/** 4 → "00:00:04.000". */
function timestamp(seconds) {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n, width = 2) => String(n).padStart(width, "0");
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

/**
 * A music video's demo captions.
 * @param {{ title: string, durationSeconds: number, lang: "en" | "pt-BR" }} input
 * @returns {Uint8Array} UTF-8 WebVTT
 */
export function renderDemoCaptionsVtt({ title, durationSeconds, lang }) {
  const lines = LINES[lang];
  if (!lines) throw new Error(`no demo caption lines for ${lang}`);
  const cues = [];
  for (let i = 0, start = 0; start < durationSeconds; i++, start += CUE_SECONDS) {
    const end = Math.min(durationSeconds, start + CUE_SECONDS);
    cues.push(`${i + 1}\n${timestamp(start)} --> ${timestamp(end)}\n${lines[i % lines.length].replace("{title}", title)}`);
  }
  return new TextEncoder().encode(`WEBVTT - ${title} (${lang})\n\n${cues.join("\n\n")}\n`);
}
