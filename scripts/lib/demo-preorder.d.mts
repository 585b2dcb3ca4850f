// Types for demo-preorder.mjs so TypeScript tests can import it.
import type { CatalogAlbum } from "../catalog/catalog.mjs";
import type { ProductKind, WeightClass } from "../../worker/contracts/store/model";

export type DemoPreorderProduct = {
  id: string;
  slug: string;
  kind: ProductKind;
  title: string;
  titlePtBr: string;
  description: string;
  descriptionPtBr: string;
  priceUsdCents: number;
  priceBrlCents: number;
  albumId: string | null;
  weightClass: WeightClass | null;
  position: number;
  variants: { id: string; sku: string; colour: string; stock: number }[];
};
export const DEMO_PREORDER_TEASERS: number[];
export const DEMO_PREORDER_ALBUM: CatalogAlbum;
export const DEMO_PREORDER_PRODUCTS: DemoPreorderProduct[];
export function demoPreorderReleaseAt(now: number): number;
export function demoPreorderShipsFrom(now: number): number;
export function demoPreorderPictures(): { key: string; png: Uint8Array }[];
export function demoPreorderSql(now: number): string[];
