// The site settings' model without its schemas (zod-free): what the settings reader, the session
// middleware and the chat's object need at start-up (decision 078). admin-settings.ts re-exports it
// with the schemas of the back office's form.
import type { Locale } from "./locale";
import { DEFAULT_VIP_YEARLY_PRICE_CENTS, VIP_YEARLY_PRICE_MAX_CENTS, VIP_YEARLY_PRICE_MIN_CENTS } from "./vip-plans";

/** The spec's session timeout choices, in hours (docs/features.md#back-office-administrators, Settings). */
export const SESSION_TIMEOUT_OPTIONS = [12, 24, 48] as const;
export type SessionTimeoutHours = (typeof SESSION_TIMEOUT_OPTIONS)[number];

/** Which admin notifications are sent (each one a mail to ADMIN_EMAIL). */
export type NotificationSettings = { newUser: boolean; newVip: boolean; ticketPurchase: boolean; newOrder: boolean };
export const NOTIFICATION_KEYS = ["newUser", "newVip", "ticketPurchase", "newOrder"] as const satisfies readonly (keyof NotificationSettings)[];

/** The artist's short bio in each of the site's languages; "" for a language: the site's own text. */
export type ArtistBio = { en: string; "pt-BR": string };

/** The artist's outside links, by kind; null: none. */
export const ARTIST_LINK_KEYS = ["website", "instagram", "facebook", "youtube"] as const;
export type ArtistLinks = Record<(typeof ARTIST_LINK_KEYS)[number], string | null>;

/**
 * The portrait until an admin uploads one: the demo picture the local seed puts in R2
 * (scripts/lib/demo-site-media.mjs), the way the hero pictures are there.
 */
export const DEFAULT_ARTIST_PORTRAIT_KEY = "site/artist-portrait.jpg";

/** The settings as stored: `artistName` is null until an admin saves one (see artistNameOf); `artistPortrait` is an R2 key. */
export type StoredSettings = {
  sessionTimeoutHours: SessionTimeoutHours;
  notifications: NotificationSettings;
  /** The language of the mails to the site's notification address (admin notifications, contact form). */
  notificationLocale: Locale;
  artistName: string | null;
  artistBio: ArtistBio;
  artistLinks: ArtistLinks;
  artistPortrait: string;
  /** The yearly VIP plan's amount in cents, in the monthly plan's currency (decision 055). */
  vipYearlyPriceCents: number;
};

/** The settings as the back office shows and sends them: the artist's name always resolved, the portrait as its address. */
export type SiteSettings = Omit<StoredSettings, "artistName" | "artistPortrait"> & { artistName: string; artistPortraitUrl: string };

/** 24 hours as the spec says; every notification on, as the spec's page showed them ticked; no artist name saved. */
export const DEFAULT_SETTINGS: StoredSettings = {
  sessionTimeoutHours: 24,
  notifications: { newUser: true, newVip: true, ticketPurchase: true, newOrder: true },
  notificationLocale: "en",
  artistName: null,
  artistBio: { en: "", "pt-BR": "" },
  artistLinks: { website: null, instagram: null, facebook: null, youtube: null },
  artistPortrait: DEFAULT_ARTIST_PORTRAIT_KEY,
  vipYearlyPriceCents: DEFAULT_VIP_YEARLY_PRICE_CENTS,
};

/** The public address of a portrait stored in R2 (the media routes serve site/ to everyone). */
export const artistPortraitUrlOf = (key: string): string => `/media/${key}`;

/**
 * The artist the site is about (the performer of its events): the saved name, else the deploy's
 * chat persona (CHAT_PERSONA_NAME), who is that artist.
 */
export const artistNameOf = (settings: Pick<StoredSettings, "artistName">, config: { CHAT_PERSONA_NAME: string }): string =>
  settings.artistName ?? config.CHAT_PERSONA_NAME;

/** The stored settings with the artist's name resolved, as GET and PUT answer them. */
export const resolveSettings = (settings: StoredSettings, config: { CHAT_PERSONA_NAME: string }): SiteSettings => {
  const { artistPortrait, ...rest } = settings;
  return { ...rest, artistName: artistNameOf(settings, config), artistPortraitUrl: artistPortraitUrlOf(artistPortrait) };
};

/**
 * GET /api/artist: who the site is about, for every visitor (the landing's biography, the lock
 * screen's artist line, the album pages' structured data).
 */
export type ArtistResponse = {
  name: string;
  bio: ArtistBio;
  portraitUrl: string;
  links: ArtistLinks;
  /** The landing's iconic hits (catalog track ids) with their album's cover; null: no cover. */
  hits: { trackId: string; coverUrl: string | null }[];
};

/** Every administrator is a super admin: there is one admin level. The SPA translates by `role`. */
export const ADMIN_ROLE = { role: "super_admin", label: "Super Admin" } as const;

export type AdminSettingsResponse = {
  settings: SiteSettings;
  /** Read-only facts from the deploy's configuration. */
  site: { name: string; supportEmail: string; adminEmail: string };
  viewer: { email: string; role: typeof ADMIN_ROLE.role; roleLabel: typeof ADMIN_ROLE.label };
};

/** A yearly price the admin may save: whole cents from VIP_YEARLY_PRICE_MIN_CENTS to VIP_YEARLY_PRICE_MAX_CENTS. */
export const isVipYearlyPriceCents = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= VIP_YEARLY_PRICE_MIN_CENTS && (value as number) <= VIP_YEARLY_PRICE_MAX_CENTS;
