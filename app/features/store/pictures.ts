// A product's pictures as the store shows them: its own, else the cover of the release it sells or
// comes with (a download has no photo of its own).
import type { PublicProduct, PublicProductImage } from "#contracts/store/store.ts";

export function picturesOf(product: PublicProduct): PublicProductImage[] {
  if (product.images.length > 0) return product.images;
  const cover = product.release?.coverUrl ?? product.bundledRelease?.coverUrl;
  return cover ? [{ url: cover, alt: product.title }] : [];
}

export const coverOf = (product: PublicProduct): PublicProductImage | null => picturesOf(product)[0] ?? null;
