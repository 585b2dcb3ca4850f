// A page's own text as its search and link-preview description: one line, at most SHARE_SUMMARY_MAX
// characters, cut at a word with an ellipsis (chat apps and search results cut longer ones anyway,
// and mid-word).

export const SHARE_SUMMARY_MAX = 160;

/** `text` flattened to one line and cut at the last word that fits; "" for blank text. */
export function shareSummaryOf(text: string, max = SHARE_SUMMARY_MAX): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  // A first word longer than half the room is cut where the room ends.
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?·-]+$/, "")}…`;
}
