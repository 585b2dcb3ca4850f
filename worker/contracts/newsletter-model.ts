// The newsletter's stored shapes (decision 045), shared by the schema, the Worker and the SPA:
// contact states, consent sources, campaign states and the editor's blocks. Validation of what
// people send lives in newsletter.ts (zod).
import type { TierGate } from "./tiers/gate";
import type { Locale } from "./locale";

/** pending until the confirmation click; bounced and complained are set by the provider's reports. */
export const CONTACT_STATUSES = ["pending", "subscribed", "unsubscribed", "bounced", "complained"] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

/** Where a consent was given. An import's is the importer's declaration (with its basis). */
/** news_box: the sign-up field in the footer of every public page and the landing page's section (decision 057). */
export const CONSENT_SOURCES = ["contact_form", "sign_up", "settings", "event_reminder", "preferences", "import", "news_box"] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/** What an importer may declare the list's consent rests on (GDPR art. 6, LGPD art. 7). */
export const IMPORT_BASES = ["consent", "legitimate_interest", "contract"] as const;
export type ImportBasis = (typeof IMPORT_BASES)[number];

/** A campaign's topic; a contact chooses the topics it wants on the preference page. */
export const NEWSLETTER_TOPICS = ["news", "events"] as const;
export type NewsletterTopic = (typeof NEWSLETTER_TOPICS)[number];

export const CAMPAIGN_STATUSES = ["draft", "scheduled", "sending", "paused", "sent", "cancelled"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const RECIPIENT_STATUSES = ["queued", "sent", "failed", "delivered", "bounced", "complained", "unsubscribed"] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];

/**
 * The editor's output: blocks, never HTML. A paragraph's text may carry **bold** and [label](url)
 * links; the Worker renders every block with escaping, so no markup from the editor reaches a mail.
 */
/** Any block may be for some tiers only (decision 099): other recipients' mails leave it out. */
type BlockTiers = { tiers?: TierGate | undefined };
export type CampaignBlock = (
  | { type: "heading"; text: string }
  | { type: "paragraph"; text: string }
  | { type: "image"; src: string; alt: string; href?: string | undefined }
  | { type: "button"; label: string; href: string }
) &
  BlockTiers;

/** vip: any paid tier; free: members on the free tier; tiers: members whose tier passes `tiers` (decision 099). */
export const AUDIENCE_KINDS = ["all", "vip", "free", "tiers"] as const;
export type AudienceKind = (typeof AUDIENCE_KINDS)[number];

/** Who a campaign goes to: subscribed contacts wanting its topic, narrowed by every filter given. */
export type CampaignAudience = {
  kind: AudienceKind;
  locale?: Locale | undefined;
  /** ISO 3166-1 alpha-2. */
  country?: string | undefined;
  tag?: string | undefined;
  /** Leaves out contacts a campaign reached within this many days. */
  excludeMailedWithinDays?: number | undefined;
  /** With kind tiers: which members' tiers it reaches. */
  tiers?: TierGate | undefined;
};

export type OutboxAttachment = { filename: string; contentType: string; content: string };

/** "Remind me" mails go this many minutes before an event's start unless the event says otherwise. */
export const DEFAULT_REMINDER_OFFSETS = [1440, 60];
