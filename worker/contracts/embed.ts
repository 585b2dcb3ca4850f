// The embeddable player's addresses and sizes: the Worker's oEmbed answer and the app's
// "Copy embed code" build the same <iframe>, so a pasted snippet and an unfurled one match.
export type EmbedKind = "track" | "album";

/** The iframe's size in CSS pixels: a track is one row, an album its cover beside a short list. */
export const EMBED_SIZES: Record<EmbedKind, { width: number; height: number }> = {
  track: { width: 480, height: 152 },
  album: { width: 480, height: 352 },
};

export const embedPath = (kind: EmbedKind, id: string) => `/embed/${kind}/${encodeURIComponent(id)}`;

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The snippet another site pastes: no script, lazy, no referrer sent from the host page. */
export function embedIframeHtml(origin: string, kind: EmbedKind, id: string, title: string): string {
  const { width, height } = EMBED_SIZES[kind];
  const src = `${origin}${embedPath(kind, id)}`;
  return (
    `<iframe src="${escapeAttribute(src)}" title="${escapeAttribute(title)}" width="${width}" height="${height}" ` +
    `style="border:0;border-radius:12px;max-width:100%" loading="lazy" allow="autoplay; encrypted-media" ` +
    `referrerpolicy="strict-origin-when-cross-origin"></iframe>`
  );
}
