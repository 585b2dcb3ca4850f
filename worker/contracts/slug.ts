// An address made from a name: lowercase ASCII words joined by dashes, accents dropped ("Círculo
// Íntimo" → "circulo-intimo"); "" when nothing is left. Tiers and rooms take their ids from it.
export function slugOf(name: string, max: number): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, max)
    .replace(/^-+|-+$/g, "");
}
