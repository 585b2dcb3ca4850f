// Who gets the campaign (all subscribers, VIPs, free members or members of chosen tiers, narrowed by language, country, tag
// and recent mail) and the exact count the Worker makes of them, fetched again once edits pause.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { useIntl } from "react-intl";
import { api } from "../../../lib/api";
import { campaignAudienceSchema, type AudienceCount } from "#contracts/newsletter.ts";
import type { NewsletterTopic } from "#contracts/newsletter-model.ts";
import { useDebounced } from "../../../lib/useDebounced";
import { formatCount } from "../format";
import { campaignMessages as m } from "./messages";
import { toAudience, type AudienceDraft } from "./model";
import { CAMPAIGNS_API, campaignKeys } from "./queries";
import { TierGateField } from "#app/components/form/TierGateField.tsx";
import { tierChoicesQueryOptions } from "#app/lib/tiers/tierGate.ts";

export const COUNT_DELAY_MS = 400;

/** The exact count for an audience, once it is a valid one and the edits have paused. */
export function useAudienceCount(topic: NewsletterTopic, audience: AudienceDraft) {
  const parsed = campaignAudienceSchema.safeParse(toAudience(audience));
  const request = useDebounced(parsed.success ? JSON.stringify({ topic, audience: parsed.data }) : null, COUNT_DELAY_MS);
  return useQuery({
    queryKey: [...campaignKeys.all, "audience", request],
    queryFn: ({ signal }) => api<AudienceCount>(`${CAMPAIGNS_API}/audience`, { method: "POST", json: JSON.parse(request!) as unknown, signal }),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function AudienceCountText({ count, fetching, failed }: { count: AudienceCount | undefined; fetching: boolean; failed: boolean }) {
  const intl = useIntl();
  const text = failed
    ? intl.formatMessage(m.countFailed)
    : fetching || !count
      ? intl.formatMessage(m.counting)
      : intl.formatMessage(m.count, {
          count: count.count,
          total: formatCount(intl, count.count),
          en: formatCount(intl, count.byLocale.en),
          pt: formatCount(intl, count.byLocale["pt-BR"]),
        });
  return (
    <p className="campaign-count" role="status">
      {text}
    </p>
  );
}

type Props = { audience: AudienceDraft; onChange: (audience: AudienceDraft) => void; disabled?: boolean };

export function AudienceFields({ audience, onChange, disabled }: Props) {
  const intl = useIntl();
  const id = useId();
  const set = (patch: Partial<AudienceDraft>) => onChange({ ...audience, ...patch });
  const tierChoices = useQuery({ ...tierChoicesQueryOptions(), enabled: audience.kind === "tiers" }).data?.tiers;
  return (
    <div className="campaign-audience-fields">
      <div className="field">
        <label htmlFor={`${id}-kind`}>{intl.formatMessage(m.audienceKind)}</label>
        <select id={`${id}-kind`} value={audience.kind} disabled={disabled} onChange={(e) => set({ kind: e.target.value as AudienceDraft["kind"] })}>
          <option value="all">{intl.formatMessage(m.kindAll)}</option>
          <option value="vip">{intl.formatMessage(m.kindVip)}</option>
          <option value="free">{intl.formatMessage(m.kindFree)}</option>
          <option value="tiers">{intl.formatMessage(m.kindTiers)}</option>
        </select>
      </div>
      {audience.kind === "tiers" && tierChoices && (
        <TierGateField tiers={tierChoices} value={audience.tiers} onChange={(tiers) => set({ tiers })} disabled={disabled} />
      )}
      <div className="field">
        <label htmlFor={`${id}-locale`}>{intl.formatMessage(m.language)}</label>
        <select id={`${id}-locale`} value={audience.locale} disabled={disabled} onChange={(e) => set({ locale: e.target.value as AudienceDraft["locale"] })}>
          <option value="">{intl.formatMessage(m.anyLanguage)}</option>
          <option value="en">{intl.formatMessage(m.english)}</option>
          <option value="pt-BR">{intl.formatMessage(m.portuguese)}</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-country`}>{intl.formatMessage(m.country)}</label>
        <input
          id={`${id}-country`}
          value={audience.country}
          maxLength={2}
          autoComplete="off"
          disabled={disabled}
          onChange={(e) => set({ country: e.target.value.toUpperCase() })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-tag`}>{intl.formatMessage(m.tag)}</label>
        <input id={`${id}-tag`} value={audience.tag} maxLength={60} disabled={disabled} onChange={(e) => set({ tag: e.target.value })} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-exclude`}>{intl.formatMessage(m.exclude)}</label>
        <input
          id={`${id}-exclude`}
          type="number"
          inputMode="numeric"
          min={1}
          max={365}
          value={audience.exclude}
          disabled={disabled}
          onChange={(e) => set({ exclude: e.target.value })}
        />
      </div>
    </div>
  );
}
