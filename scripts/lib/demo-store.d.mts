// Types for demo-store.mjs so TypeScript tests can import it.
import type { GiftMonths, PricingMode, ProductKind, PromoScope, WeightClass } from "../../worker/contracts/store/model";

export type DemoVariantSeed = { id: string; sku: string; size?: string; colour?: string; stock: number };
export type DemoProductSeed = {
  id: string;
  slug: string;
  kind: ProductKind;
  title: string;
  titlePtBr: string;
  description: string;
  descriptionPtBr: string;
  pricing: PricingMode;
  priceUsdCents: number;
  priceBrlCents: number | null;
  vipPriceUsdCents: number | null;
  vipPriceBrlCents: number | null;
  vipDiscountPct: number | null;
  albumId: string | null;
  trackId: string | null;
  bundledAlbumId: string | null;
  weightClass: WeightClass | null;
  giftMonths: GiftMonths | null;
  perOrderLimit: number;
  position: number;
  /** How many pictures the demo draws for it. */
  pictures: number;
  variants: DemoVariantSeed[];
};
export type DemoPromoCodeSeed = { code: string; percentOff: number; scope: PromoScope; vipOnly: boolean; perkId: string };

export const MERCH_PERK_ID: string;
export const DEMO_PRODUCTS: DemoProductSeed[];
export const DEMO_PROMO_CODES: DemoPromoCodeSeed[];
export function demoProductImageKey(product: Pick<DemoProductSeed, "id">, index: number): string;
export function demoStorePictures(): { key: string; png: Uint8Array }[];
export function demoStoreSql(now: number): string[];
