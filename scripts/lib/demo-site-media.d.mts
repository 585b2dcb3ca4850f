// Types for demo-site-media.mjs so TypeScript callers (tests) can import it.
import type { Raster } from "./demo-draw.mjs";
import type { Look } from "./demo-scene.mjs";
export const HERO_WIDTH: number;
export const HERO_HEIGHT: number;
export const HERO_WIDTHS: number[];
export type CropRect = { x: number; y: number; width: number; height: number };
export const HERO_PORTRAIT: CropRect;
export const BANNER_WIDTH: number;
export const BANNER_HEIGHT: number;
export const BANNER_WIDTHS: number[];
export const PORTRAIT_WIDTH: number;
export const PORTRAIT_HEIGHT: number;
export const PORTRAIT_KEY: string;
export type SitePictureName = "stage" | "skyline" | "crowd" | "sunset" | "banner" | "promo-poster" | "portrait";
export const SITE_HEROES: { id: string; picture: SitePictureName }[];
export type Promo = {
  trackId: string;
  durationSeconds: number;
  width: number;
  height: number;
  look: Look;
  seed: string;
  variant: number;
  title: string;
  subtitle: string;
};
export const PROMO: Promo;
export function heroKey(id: string, width: number): string;
export function heroPortraitKey(id: string): string;
export function bannerKey(width: number): string;
export const PROMO_VIDEO_KEY: string;
export const PROMO_POSTER_KEY: string;
export type SitePictureInput = {
  picture: SitePictureName;
  seed: string;
  width: number;
  height: number;
  halve?: boolean;
  crop?: CropRect;
  quality?: number;
  promo?: Promo;
};
export type SiteMediaItem =
  | { id: string; kind: "site-image"; key: string; input: SitePictureInput }
  | { id: string; kind: "site-video"; key: string; input: { promo: Promo } };
export function siteMediaItems(options?: { quality?: number }): SiteMediaItem[];
export const PICTURE_NAMES: SitePictureName[];
export function renderSiteImage(input: SitePictureInput): Uint8Array;
export function renderPromoVideo(promo: Promo, options?: { maxBytes?: number }): Promise<Uint8Array>;
export function drawSitePicture(input: SitePictureInput): Raster;
