// The composer's state and its mapping to the API: the form keeps every field as typed (blank
// strings, a key per block for React), and toInput makes the CampaignInput the Worker validates.
import type { Locale } from "#contracts/locale.ts";
import type { Campaign, CampaignInput } from "#contracts/newsletter.ts";
import type { AudienceKind, CampaignAudience, CampaignBlock, NewsletterTopic } from "#contracts/newsletter-model.ts";
import { wallTimeToInstant } from "#contracts/admin/event-fields.ts";
import type { TierGate } from "#contracts/tiers/gate.ts";

/** Where a tier picker starts: VIP and above. */
export const VIP_AND_ABOVE: TierGate = { minTier: "vip" };

export type BlockType = CampaignBlock["type"];
/** A block being edited: every field a string, and a key that survives moves. */
export type EditorBlock = { key: string; type: BlockType; text: string; src: string; alt: string; href: string; label: string; tiers: TierGate | null };

export type AudienceDraft = { kind: AudienceKind; locale: Locale | ""; country: string; tag: string; exclude: string; tiers: TierGate };

export type Draft = {
  name: string;
  topic: NewsletterTopic;
  subjectEn: string;
  subjectPtBr: string;
  withPortuguese: boolean;
  bodyEn: EditorBlock[];
  bodyPtBr: EditorBlock[];
  audience: AudienceDraft;
};

let nextKey = 0;
export const newBlock = (type: BlockType): EditorBlock => ({ key: `b${++nextKey}`, type, text: "", src: "", alt: "", href: "", label: "", tiers: null });

export const emptyDraft = (): Draft => ({
  name: "",
  topic: "news",
  subjectEn: "",
  subjectPtBr: "",
  withPortuguese: false,
  bodyEn: [newBlock("paragraph")],
  bodyPtBr: [],
  audience: { kind: "all", locale: "", country: "", tag: "", exclude: "", tiers: VIP_AND_ABOVE },
});

const toEditor = (block: CampaignBlock): EditorBlock => ({
  ...newBlock(block.type),
  ...block,
  href: "href" in block ? (block.href ?? "") : "",
  tiers: block.tiers ?? null,
});

/** The API's block: its fields, and its tiers when it is for some tiers only. */
export const toBlock = (block: EditorBlock): CampaignBlock => ({ ...blockFields(block), ...(block.tiers ? { tiers: block.tiers } : {}) });

function blockFields(block: EditorBlock): CampaignBlock {
  switch (block.type) {
    case "heading":
      return { type: "heading", text: block.text };
    case "paragraph":
      return { type: "paragraph", text: block.text };
    case "image":
      return { type: "image", src: block.src.trim(), alt: block.alt, ...(block.href.trim() ? { href: block.href.trim() } : {}) };
    case "button":
      return { type: "button", label: block.label, href: block.href.trim() };
  }
}

export function toAudience(audience: AudienceDraft): CampaignAudience {
  const country = audience.country.trim().toUpperCase();
  const tag = audience.tag.trim();
  const exclude = audience.exclude.trim();
  return {
    kind: audience.kind,
    ...(audience.locale ? { locale: audience.locale } : {}),
    ...(country ? { country } : {}),
    ...(tag ? { tag } : {}),
    ...(exclude ? { excludeMailedWithinDays: Number(exclude) } : {}),
    ...(audience.kind === "tiers" ? { tiers: audience.tiers } : {}),
  };
}

/** The API's body. Without the Portuguese version both its fields are null, as the API requires. */
export function toInput(draft: Draft): CampaignInput {
  return {
    name: draft.name,
    topic: draft.topic,
    subjectEn: draft.subjectEn,
    subjectPtBr: draft.withPortuguese ? draft.subjectPtBr : null,
    bodyEn: draft.bodyEn.map(toBlock),
    bodyPtBr: draft.withPortuguese ? draft.bodyPtBr.map(toBlock) : null,
    audience: toAudience(draft.audience),
  };
}

export function fromCampaign(campaign: Campaign): Draft {
  const { audience } = campaign;
  return {
    name: campaign.name,
    topic: campaign.topic,
    subjectEn: campaign.subjectEn,
    subjectPtBr: campaign.subjectPtBr ?? "",
    withPortuguese: campaign.bodyPtBr !== null,
    bodyEn: campaign.bodyEn.map(toEditor),
    bodyPtBr: (campaign.bodyPtBr ?? []).map(toEditor),
    audience: {
      kind: audience.kind,
      locale: audience.locale ?? "",
      country: audience.country ?? "",
      tag: audience.tag ?? "",
      exclude: audience.excludeMailedWithinDays ? String(audience.excludeMailedWithinDays) : "",
      tiers: audience.tiers ?? VIP_AND_ABOVE,
    },
  };
}

/** The admin's own zone: where a datetime-local value is read, and where times are shown. */
export const adminTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

/**
 * A datetime-local value ("2026-11-01T09:30") read as wall clock time in `zone`, as epoch ms; null
 * for no date. The zone's offset at that moment applies, so daylight saving is taken into account.
 */
export const localInputToEpoch = (value: string, zone: string) => wallTimeToInstant(value, zone);
