// The newsletter's API (decision 045): campaigns in the back office, subscription and preferences
// for people. zod inputs shared by the Worker's validation and the SPA's forms, and the answers.
import { z } from "./zod";
import { LOCALES, type Locale } from "./locale";
import { userText } from "./text";
import { isValidTimeZone } from "./time-zones";
import { tierGateSchema } from "./tiers/gate";
import {
  AUDIENCE_KINDS,
  NEWSLETTER_TOPICS,
  type CampaignAudience,
  type CampaignBlock,
  type CampaignStatus,
  type ContactStatus,
  type NewsletterTopic,
  type RecipientStatus,
} from "./newsletter-model";

export const CAMPAIGN_NAME_MAX = 120;
export const CAMPAIGN_SUBJECT_MAX = 150;
export const CAMPAIGN_TEXT_MAX = 5_000;
export const CAMPAIGN_BLOCKS_MAX = 60;
export const CAMPAIGN_URL_MAX = 2_000;
/** Unconfirmed subscriptions and reminders are forgotten after this long. */
export const CONFIRMATION_VALID_DAYS = 7;
/** At most one confirmation mail per address in this time, whoever asks from wherever. */
export const CONFIRMATION_RESEND_HOURS = 24;

/** Links a mail may carry: the web and e-mail. Never javascript:, data: or anything else. */
const SAFE_LINK = /^(https?:\/\/[^\s<>"']+|mailto:[^\s<>"']+)$/i;
/** Images: a picture on the web, or one from the media library (/media/<key>, made absolute when sent). */
const WEB_IMAGE = /^https:\/\/[^\s<>"']+$/;
const MEDIA_SEGMENT = /^[A-Za-z0-9_.-]+$/;
/** A library path names one key: no empty, "." or ".." segment that a URL resolver would fold into another path. */
const isMediaPath = (url: string) =>
  url.startsWith("/media/") &&
  url
    .slice("/media/".length)
    .split("/")
    .every((segment) => MEDIA_SEGMENT.test(segment) && segment !== "." && segment !== "..");

export const isSafeLink = (url: string) => SAFE_LINK.test(url);
export const isSafeImage = (url: string) => WEB_IMAGE.test(url) || isMediaPath(url);

/** [label](url) inside a paragraph: the renderer turns these into links. */
export const INLINE_LINK = /\[([^\]\n]{1,300})\]\(([^)\s]{1,2000})\)/g;

/** Every inline link's target in a paragraph's text. */
export const inlineLinkTargets = (text: string) => [...text.matchAll(INLINE_LINK)].map((m) => m[2]!);

const blockText = (max: number) => userText({ max, maxMessage: "too_long", min: 1, minMessage: "required", multiline: true });
const link = z
  .string()
  .trim()
  .max(CAMPAIGN_URL_MAX)
  .refine((url) => isSafeLink(url), "unsafe_link");

const tiers = tierGateSchema.optional();
export const campaignBlockSchema: z.ZodType<CampaignBlock> = z.discriminatedUnion("type", [
  z.object({ type: z.literal("heading"), text: blockText(200), tiers }),
  z.object({
    type: z.literal("paragraph"),
    tiers,
    text: blockText(CAMPAIGN_TEXT_MAX).refine((text) => inlineLinkTargets(text).every(isSafeLink), "unsafe_link"),
  }),
  z.object({
    type: z.literal("image"),
    src: z
      .string()
      .trim()
      .max(CAMPAIGN_URL_MAX)
      .refine((url) => isSafeImage(url), "unsafe_image"),
    alt: userText({ max: 300, maxMessage: "too_long" }),
    href: link.optional(),
    tiers,
  }),
  z.object({ type: z.literal("button"), label: blockText(80), href: link, tiers }),
]);

export const campaignBodySchema = z.array(campaignBlockSchema).min(1).max(CAMPAIGN_BLOCKS_MAX);

export const campaignAudienceSchema: z.ZodType<CampaignAudience> = z
  .object({
    kind: z.enum(AUDIENCE_KINDS),
    locale: z.enum(LOCALES).optional(),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .optional(),
    tag: z.string().trim().min(1).max(60).optional(),
    excludeMailedWithinDays: z.number().int().min(1).max(365).optional(),
    tiers,
  })
  // The tiers with kind tiers, and only then.
  .refine((a) => (a.kind === "tiers") === (a.tiers !== undefined), { path: ["tiers"] });

/** POST /api/admin/campaigns and PUT /api/admin/campaigns/:id (drafts only). */
export const campaignInput = z
  .object({
    name: userText({ max: CAMPAIGN_NAME_MAX, maxMessage: "too_long", min: 1, minMessage: "required" }),
    topic: z.enum(NEWSLETTER_TOPICS),
    subjectEn: userText({ max: CAMPAIGN_SUBJECT_MAX, maxMessage: "too_long", min: 1, minMessage: "required" }),
    subjectPtBr: userText({ max: CAMPAIGN_SUBJECT_MAX, maxMessage: "too_long" }).nullable(),
    bodyEn: campaignBodySchema,
    bodyPtBr: campaignBodySchema.nullable(),
    audience: campaignAudienceSchema,
  })
  .refine((c) => (c.subjectPtBr ? c.bodyPtBr !== null : c.bodyPtBr === null), { message: "portuguese_incomplete", path: ["bodyPtBr"] });
export type CampaignInput = z.infer<typeof campaignInput>;

/** POST /api/admin/campaigns/audience: the exact count before sending. */
export const audienceCountInput = z.object({ topic: z.enum(NEWSLETTER_TOPICS), audience: campaignAudienceSchema });
export type AudienceCount = { count: number; byLocale: Record<Locale, number> };

/** POST /api/admin/campaigns/preview: the unsaved texts rendered as the mail will be. */
export const campaignPreviewInput = z.object({
  locale: z.enum(LOCALES),
  subject: z.string().max(CAMPAIGN_SUBJECT_MAX),
  body: z.array(campaignBlockSchema).max(CAMPAIGN_BLOCKS_MAX),
});
export type CampaignPreview = { subject: string; html: string; text: string };

/** POST /api/admin/campaigns/:id/test: the campaign in one language, to the admin's own address. */
export const campaignTestInput = z.object({ locale: z.enum(LOCALES) });

/** POST /api/admin/campaigns/:id/send: now, or at a time (epoch ms) chosen in the admin's zone. */
export const campaignSendInput = z.object({
  scheduledAt: z.number().int().positive().nullable(),
  timeZone: z
    .string()
    .max(64)
    .refine((zone) => isValidTimeZone(zone), "invalid_time_zone"),
});

export type CampaignStats = Record<RecipientStatus, number>;

export type Campaign = {
  id: string;
  name: string;
  topic: NewsletterTopic;
  subjectEn: string;
  subjectPtBr: string | null;
  bodyEn: CampaignBlock[];
  bodyPtBr: CampaignBlock[] | null;
  audience: CampaignAudience;
  status: CampaignStatus;
  scheduledAt: string | null;
  timeZone: string | null;
  recipientsTotal: number;
  createdAt: string;
  updatedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  stats: CampaignStats;
};

export type CampaignListItem = Omit<Campaign, "bodyEn" | "bodyPtBr">;
export type CampaignList = { campaigns: CampaignListItem[] };

// ---- people -----------------------------------------------------------------------------------

/** POST /api/newsletter/subscribe: a visitor's address (double opt-in: a confirmation mail follows). */
export const newsletterSubscribeInput = z.object({
  email: z.email().max(254),
  locale: z.enum(LOCALES),
  /** Where the person gave it: the news box (footer, landing page) stores its own sentence; the rest, the contact form's. */
  source: z.enum(["contact_form", "news_box"]).default("contact_form"),
});

/** POST /api/newsletter/confirm: the token from the confirmation mail. */
export const newsletterTokenInput = z.object({ token: z.string().min(20).max(200) });

/** The preference page's and the member settings' view of one address. */
export type NewsletterPreferences = {
  /** The address with most of its local part hidden, on the signed-link page. */
  email: string;
  status: ContactStatus | "none";
  topics: NewsletterTopic[];
  locale: Locale;
};

/** PUT /api/newsletter/preferences?t= and PUT /api/account/newsletter. */
export const newsletterPreferencesInput = z.object({
  subscribed: z.boolean(),
  topics: z.array(z.enum(NEWSLETTER_TOPICS)).max(NEWSLETTER_TOPICS.length),
  locale: z.enum(LOCALES),
});
export type NewsletterPreferencesInput = z.infer<typeof newsletterPreferencesInput>;

/** The signed link's query: ?t=<token>. */
export const preferencesQuery = z.object({ t: z.string().min(20).max(400) });

/** A picture a campaign can show: one of the site's stored images (the media library). */
export type CampaignImage = { src: string; folder: string; uploadedAt: string };
/** GET /api/admin/campaigns/images; PUT uploads one (the body is the file) and answers { image }. */
export type CampaignImageList = { images: CampaignImage[] };
/** The media library's folders a campaign may take pictures from, newest first within the list. */
export const CAMPAIGN_IMAGE_FOLDERS = ["campaigns", "covers", "perks", "site"] as const;
export const CAMPAIGN_IMAGES_LISTED = 120;
