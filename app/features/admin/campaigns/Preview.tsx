// The mail as it will be sent, rendered by the Worker from the unsaved texts (debounced while
// typing, or on "Refresh preview"), in a sandboxed frame: sandbox="" runs no script and keeps
// the frame in its own origin. Desktop is 600px wide, Phone 375px; English or Português.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useIntl } from "react-intl";
import { QueryFailed } from "../../../components/QueryState";
import { api } from "../../../lib/api";
import type { Locale } from "#contracts/locale.ts";
import { campaignBlockSchema, type CampaignPreview } from "#contracts/newsletter.ts";
import { useDebounced } from "../../../lib/useDebounced";
import { campaignMessages as m } from "./messages";
import { toBlock, type Draft } from "./model";
import { CAMPAIGNS_API, campaignKeys } from "./queries";

export const PREVIEW_DELAY_MS = 400;
const WIDTHS = { desktop: 600, phone: 375 } as const;

/** The request for one language: blocks still being filled in are left out rather than refused. */
function previewBody(draft: Draft, locale: Locale) {
  const pt = locale === "pt-BR" && draft.withPortuguese;
  const blocks = (pt ? draft.bodyPtBr : draft.bodyEn).map(toBlock).filter((b) => campaignBlockSchema.safeParse(b).success);
  return { locale, subject: pt ? draft.subjectPtBr : draft.subjectEn, body: blocks };
}

export function Preview({ draft }: { draft: Draft }) {
  const intl = useIntl();
  const headingId = useId();
  const [width, setWidth] = useState<keyof typeof WIDTHS>("desktop");
  const [locale, setLocale] = useState<Locale>("en");
  const request = useDebounced(JSON.stringify(previewBody(draft, locale)), PREVIEW_DELAY_MS);
  const preview = useQuery({
    queryKey: [...campaignKeys.all, "preview", request],
    queryFn: ({ signal }) => api<CampaignPreview>(`${CAMPAIGNS_API}/preview`, { method: "POST", json: JSON.parse(request) as unknown, signal }),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });

  const choice = <T extends string>(name: string, label: string, value: T, options: [T, string][], onPick: (v: T) => void) => (
    <fieldset className="campaign-choice">
      <legend className="sr-only">{label}</legend>
      {options.map(([option, text]) => (
        <label key={option} className="campaign-choice-option">
          <input type="radio" name={name} value={option} checked={value === option} onChange={() => onPick(option)} />
          {text}
        </label>
      ))}
    </fieldset>
  );
  const nameId = useId();

  return (
    <section className="card campaign-preview" aria-labelledby={headingId} aria-busy={preview.isFetching}>
      <div className="admin-section-head">
        <h2 id={headingId} className="admin-section-title">
          {intl.formatMessage(m.preview)}
        </h2>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => void preview.refetch()} disabled={preview.isFetching}>
          {intl.formatMessage(m.refreshPreview)}
        </button>
      </div>
      <div className="campaign-preview-tools">
        {choice(
          `${nameId}-w`,
          intl.formatMessage(m.previewWidth),
          width,
          [
            ["desktop", intl.formatMessage(m.desktop)],
            ["phone", intl.formatMessage(m.phone)],
          ],
          setWidth,
        )}
        {choice(
          `${nameId}-l`,
          intl.formatMessage(m.previewLanguage),
          locale,
          [
            ["en", intl.formatMessage(m.english)],
            ["pt-BR", intl.formatMessage(m.portuguese)],
          ],
          setLocale,
        )}
      </div>
      {/* "Refresh preview", above, is its retry. */}
      {preview.isError && <QueryFailed message={intl.formatMessage(m.previewFailed)} />}
      {preview.isPending ? (
        <p className="muted">{intl.formatMessage(m.previewUpdating)}</p>
      ) : (
        preview.data && (
          <>
            <p className="campaign-preview-subject">{preview.data.subject}</p>
            <iframe
              title={intl.formatMessage(m.previewFrame)}
              className="campaign-preview-frame"
              sandbox=""
              srcDoc={preview.data.html}
              style={{ width: WIDTHS[width] }}
            />
          </>
        )
      )}
    </section>
  );
}
