// Types for demo-product-pictures.mjs so TypeScript callers (tests) can import it.
import type { Raster } from "./demo-draw.mjs";
type Product = { slug: string; kind: string; giftMonths: number | null };
export const PRODUCT_PICTURE_SIZE: number;
export function productPictureRaster(product: Product, index: number): Raster | null;
export function renderProductPicturePng(product: Product, index: number): Buffer | null;
