// One campaign: the composer (a new one or a draft; read-only once scheduled or sent), its
// audience and exact count, the live preview, and the actions its status allows. The form's
// rules are the API's own schema, checked before saving; the server's refusals read the same.
import { useMutation, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useId, useState, type FormEvent } from "react";
import { useIntl } from "react-intl";
import { QueryState } from "../../../components/QueryState";
import { api } from "../../../lib/api";
import { campaignInput, type Campaign } from "#contracts/newsletter.ts";
import { formatCount } from "../format";
import { commonMessages } from "../messages";
import { Actions } from "./Actions";
import { AudienceCountText, AudienceFields, useAudienceCount } from "./Audience";
import { BlockEditor } from "./BlockEditor";
import { requestErrorText, issueText } from "./errors";
import { figureColumns, StatusBadge } from "./Figures";
import { campaignMessages as m } from "./messages";
import { emptyDraft, fromCampaign, newBlock, toInput, type Draft } from "./model";
import { Preview } from "./Preview";
import { CAMPAIGNS_API, campaignQueryOptions, useCampaignRefresh } from "./queries";

type Props = { id: string; timeZone: string; onSaved: (id: string) => void; onClosed: () => void };

export function CampaignEditor({ id, timeZone, onSaved, onClosed }: Props) {
  const intl = useIntl();
  const isNew = id === "new";
  const campaign = useQuery({ ...campaignQueryOptions(id), enabled: !isNew });
  const back = (
    <Link to="/admin/campaigns" search={{}} className="btn btn-ghost btn-sm">
      {intl.formatMessage(m.back)}
    </Link>
  );
  // Keyed by id: a saved new campaign starts its editor again from the stored campaign.
  const composer = (stored: Campaign | null) => <Composer key={id} campaign={stored} timeZone={timeZone} onSaved={onSaved} onClosed={onClosed} />;
  return (
    <div className="admin-page campaign-page">
      {back}
      {isNew ? (
        composer(null)
      ) : (
        <QueryState
          query={campaign}
          loading={intl.formatMessage(m.loadingOne)}
          failed={requestErrorText(intl, campaign.error, m.loadOneFailed)}
          retry={intl.formatMessage(commonMessages.retry)}
        >
          {composer}
        </QueryState>
      )}
    </div>
  );
}

function Composer({
  campaign,
  timeZone,
  onSaved,
  onClosed,
}: {
  campaign: Campaign | null;
  timeZone: string;
  onSaved: (id: string) => void;
  onClosed: () => void;
}) {
  const intl = useIntl();
  const id = useId();
  const refresh = useCampaignRefresh();
  const [draft, setDraft] = useState<Draft>(() => (campaign ? fromCampaign(campaign) : emptyDraft()));
  const [saved, setSaved] = useState(() => (campaign ? JSON.stringify(toInput(fromCampaign(campaign))) : null));
  const [problem, setProblem] = useState<string | null>(null);
  const readOnly = campaign !== null && campaign.status !== "draft";
  const dirty = saved !== JSON.stringify(toInput(draft));
  const count = useAudienceCount(draft.topic, draft.audience);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  const save = useMutation({
    mutationFn: (input: ReturnType<typeof toInput>) =>
      campaign
        ? api<Campaign>(`${CAMPAIGNS_API}/${encodeURIComponent(campaign.id)}`, { method: "PUT", json: input })
        : api<Campaign>(CAMPAIGNS_API, { method: "POST", json: input }),
    onSuccess: (next, input) => {
      refresh(next);
      setSaved(JSON.stringify(input));
      if (!campaign) onSaved(next.id);
    },
    onError: (error) => setProblem(requestErrorText(intl, error, m.saveFailed)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = toInput(draft);
    const checked = campaignInput.safeParse(input);
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      setProblem(issueText(intl, issue.message, issue.path.map(String).join(".")));
      return;
    }
    setProblem(null);
    save.mutate(input);
  };

  const togglePortuguese = (on: boolean) => set({ withPortuguese: on, bodyPtBr: on && draft.bodyPtBr.length === 0 ? [newBlock("paragraph")] : draft.bodyPtBr });

  const title = campaign ? campaign.name : intl.formatMessage(m.newTitle);

  return (
    <>
      <div className="admin-section-head">
        <h2 className="admin-section-title">{title}</h2>
        {campaign && <StatusBadge intl={intl} status={campaign.status} />}
      </div>

      {campaign && campaign.status !== "draft" && (
        <dl className="admin-figures campaign-figures" aria-label={intl.formatMessage(m.figures)}>
          <div>
            <dt>{intl.formatMessage(m.colRecipients)}</dt>
            <dd>{formatCount(intl, campaign.recipientsTotal)}</dd>
          </div>
          {figureColumns(intl, campaign.stats).map((f) => (
            <div key={f.label}>
              <dt>{f.label}</dt>
              <dd>{formatCount(intl, f.value)}</dd>
            </div>
          ))}
        </dl>
      )}

      {campaign && <Actions campaign={campaign} count={count.data} dirty={dirty} timeZone={timeZone} onDeleted={onClosed} />}

      <div className="campaign-columns">
        <form className="card form campaign-form" onSubmit={submit} noValidate aria-labelledby={`${id}-content`}>
          <h2 id={`${id}-content`} className="admin-section-title">
            {intl.formatMessage(m.content)}
          </h2>
          {readOnly && <p className="admin-note">{intl.formatMessage(m.readOnly)}</p>}
          <fieldset className="campaign-plain" disabled={readOnly}>
            <div className="field">
              <label htmlFor={`${id}-name`}>{intl.formatMessage(m.name)}</label>
              <input
                id={`${id}-name`}
                value={draft.name}
                maxLength={120}
                aria-describedby={`${id}-name-hint`}
                onChange={(e) => set({ name: e.target.value })}
              />
              <p id={`${id}-name-hint`} className="field-hint muted">
                {intl.formatMessage(m.nameHint)}
              </p>
            </div>
            <div className="field">
              <label htmlFor={`${id}-topic`}>{intl.formatMessage(m.topic)}</label>
              <select id={`${id}-topic`} value={draft.topic} onChange={(e) => set({ topic: e.target.value as Draft["topic"] })}>
                <option value="news">{intl.formatMessage(m.topicNews)}</option>
                <option value="events">{intl.formatMessage(m.topicEvents)}</option>
              </select>
            </div>

            <fieldset className="campaign-language">
              <legend>{intl.formatMessage(m.english)}</legend>
              <div className="field">
                <label htmlFor={`${id}-subject-en`}>{intl.formatMessage(m.subjectEn)}</label>
                <input id={`${id}-subject-en`} value={draft.subjectEn} maxLength={150} onChange={(e) => set({ subjectEn: e.target.value })} />
              </div>
              <BlockEditor blocks={draft.bodyEn} onChange={(bodyEn) => set({ bodyEn })} disabled={readOnly} />
            </fieldset>

            <label className="form-check">
              <input type="checkbox" checked={draft.withPortuguese} onChange={(e) => togglePortuguese(e.target.checked)} aria-describedby={`${id}-pt-hint`} />
              {intl.formatMessage(m.addPortuguese)}
            </label>
            <p id={`${id}-pt-hint`} className="field-hint muted">
              {intl.formatMessage(m.portugueseHint)}
            </p>
            {draft.withPortuguese && (
              <fieldset className="campaign-language" lang="pt-BR">
                <legend>{intl.formatMessage(m.portuguese)}</legend>
                <div className="field">
                  <label htmlFor={`${id}-subject-pt`}>{intl.formatMessage(m.subjectPtBr)}</label>
                  <input id={`${id}-subject-pt`} value={draft.subjectPtBr} maxLength={150} onChange={(e) => set({ subjectPtBr: e.target.value })} />
                </div>
                <BlockEditor blocks={draft.bodyPtBr} onChange={(bodyPtBr) => set({ bodyPtBr })} disabled={readOnly} />
              </fieldset>
            )}

            <fieldset className="campaign-language">
              <legend>{intl.formatMessage(m.audience)}</legend>
              <AudienceFields audience={draft.audience} onChange={(audience) => set({ audience })} disabled={readOnly} />
              {!readOnly && <AudienceCountText count={count.data} fetching={count.isFetching || count.isPending} failed={count.isError} />}
            </fieldset>
          </fieldset>

          {problem && (
            <div className="error-banner" role="alert">
              {problem}
            </div>
          )}
          {!readOnly && (
            <div className="form-actions">
              <button type="submit" className="btn btn-primary" disabled={save.isPending}>
                {intl.formatMessage(save.isPending ? m.saving : m.save)}
              </button>
              {save.isSuccess && !dirty && (
                <span className="muted" role="status">
                  {intl.formatMessage(m.saved)}
                </span>
              )}
            </div>
          )}
        </form>
        <Preview draft={draft} />
      </div>
    </>
  );
}
