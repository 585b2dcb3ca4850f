// Ids for new catalog rows: readable slugs made from a title ("Satin & Neon" -> "satin-and-neon"),
// matching SLUG_PATTERN, made unique against the ids already taken.

/** Lowercase ASCII words joined by dashes, at most `max` characters; "item" when nothing is left. */
export function slugify(text: string, max = 60): string {
  const words = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = "";
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > max) break;
    slug = next;
  }
  return slug || (words[0]?.slice(0, max) ?? "") || "item";
}

/** `base`, or `base-2`, `base-3`... the first one not in `taken`. */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
