// The product form's state as typed (every field a string or a choice) and the body it sends. A
// number that does not parse is sent as its text, so the shared schema refuses it at its field.
import type { AdminProduct, ProductInput } from "#contracts/store/admin.ts";
import type { PricingMode, ProductKind, ProductState, WeightClass } from "#contracts/store/model.ts";
import { amountText, centsOf, wholeOf } from "./money";

export type VipMode = "none" | "price" | "discount";

export type ProductDraft = {
  kind: ProductKind;
  slug: string;
  /** The admin typed the address: it no longer follows the title. */
  slugTyped: boolean;
  state: ProductState;
  title: string;
  titlePtBr: string;
  description: string;
  descriptionPtBr: string;
  pricing: PricingMode;
  priceUsd: string;
  priceBrl: string;
  vipMode: VipMode;
  vipPriceUsd: string;
  vipPriceBrl: string;
  vipDiscountPct: string;
  release: "album" | "track";
  albumId: string;
  trackId: string;
  bundledAlbumId: string;
  weightClass: WeightClass | "";
  /** Merch sold before it exists: the day it ships from (YYYY-MM-DD), "" for at once. */
  shipsFrom: string;
  giftMonths: string;
  /** The tier a gift gives: "" for VIP. */
  giftTierId: string;
  perOrderLimit: string;
  position: string;
};

/** Sets one field of the draft; the form hands it to the parts that edit the draft with it. */
export type SetDraft = <K extends keyof ProductDraft>(key: K, value: ProductDraft[K]) => void;

/** The fields the form shows an error at (the contract's names). */
export const PRODUCT_FIELDS = [
  "kind",
  "slug",
  "state",
  "title",
  "titlePtBr",
  "description",
  "descriptionPtBr",
  "pricing",
  "priceUsdCents",
  "priceBrlCents",
  "vipPriceUsdCents",
  "vipPriceBrlCents",
  "vipDiscountPct",
  "albumId",
  "trackId",
  "bundledAlbumId",
  "weightClass",
  "shipsFrom",
  "giftMonths",
  "giftTierId",
  "perOrderLimit",
  "position",
] as const;
export type ProductField = (typeof PRODUCT_FIELDS)[number];

/** Which field of the draft feeds each contract field (a change there clears the server's error). */
export const DRAFT_FIELD: Partial<Record<keyof ProductDraft, ProductField>> = {
  priceUsd: "priceUsdCents",
  priceBrl: "priceBrlCents",
  vipPriceUsd: "vipPriceUsdCents",
  vipPriceBrl: "vipPriceBrlCents",
};

const text = (value: string | null | undefined) => value ?? "";
const whole = (value: number | null | undefined) => (value === null || value === undefined ? "" : String(value));

export function draftOf(product?: AdminProduct): ProductDraft {
  return {
    kind: product?.kind ?? "merch",
    slug: product?.slug ?? "",
    slugTyped: product !== undefined,
    state: product?.state ?? "draft",
    title: text(product?.title),
    titlePtBr: text(product?.titlePtBr),
    description: text(product?.description),
    descriptionPtBr: text(product?.descriptionPtBr),
    pricing: product?.pricing ?? "fixed",
    priceUsd: amountText(product?.priceUsdCents),
    priceBrl: amountText(product?.priceBrlCents),
    vipMode: product?.vipDiscountPct ? "discount" : product?.vipPriceUsdCents !== null && product?.vipPriceUsdCents !== undefined ? "price" : "none",
    vipPriceUsd: amountText(product?.vipPriceUsdCents),
    vipPriceBrl: amountText(product?.vipPriceBrlCents),
    vipDiscountPct: whole(product?.vipDiscountPct),
    release: product?.trackId ? "track" : "album",
    albumId: text(product?.albumId),
    trackId: text(product?.trackId),
    bundledAlbumId: text(product?.bundledAlbumId),
    weightClass: product?.weightClass ?? (product ? "" : "standard"),
    shipsFrom: text(product?.shipsFrom),
    giftMonths: whole(product?.giftMonths),
    giftTierId: product?.giftTierId ?? "",
    perOrderLimit: whole(product?.perOrderLimit ?? 10),
    position: whole(product?.position ?? 0),
  };
}

/** What the form sends: only the VIP benefit chosen, only the release of the chosen type. */
export function inputOf(d: ProductDraft): ProductInput {
  const price = centsOf(d.priceUsd);
  return {
    kind: d.kind,
    slug: d.slug,
    state: d.state,
    title: d.title,
    titlePtBr: d.titlePtBr,
    description: d.description,
    descriptionPtBr: d.descriptionPtBr,
    pricing: d.pricing,
    // An empty price is still a price the schema must name.
    priceUsdCents: (price ?? "") as number,
    priceBrlCents: centsOf(d.priceBrl) as number | null,
    vipPriceUsdCents: (d.vipMode === "price" ? centsOf(d.vipPriceUsd) : null) as number | null,
    vipPriceBrlCents: (d.vipMode === "price" ? centsOf(d.vipPriceBrl) : null) as number | null,
    vipDiscountPct: (d.vipMode === "discount" ? (wholeOf(d.vipDiscountPct) ?? "") : null) as number | null,
    albumId: d.kind === "digital" && d.release === "album" ? d.albumId || null : null,
    trackId: d.kind === "digital" && d.release === "track" ? d.trackId || null : null,
    bundledAlbumId: d.kind === "merch" ? d.bundledAlbumId || null : null,
    weightClass: d.kind === "merch" ? d.weightClass || null : null,
    shipsFrom: d.kind === "merch" ? d.shipsFrom || null : null,
    giftMonths: (d.kind === "gift_vip" ? wholeOf(d.giftMonths) : null) as ProductInput["giftMonths"],
    giftTierId: d.kind === "gift_vip" && d.giftTierId ? d.giftTierId : null,
    perOrderLimit: (wholeOf(d.perOrderLimit) ?? "") as number,
    position: (wholeOf(d.position) ?? 0) as number,
  };
}
