// A contest's fair play (decision 196): the entries members reported or an admin hid, each with
// Hide (a reason required), Show again and Dismiss reports; the suspicious groups of votes with
// voiding (SuspiciousVotes); the votes voided so far with their reasons.
import { useState } from "react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useIntl, type MessageDescriptor } from "react-intl";
import { QueryState } from "../../../components/QueryState";
import { ColumnsTable } from "./ColumnsTable";
import { ReasonError, ReasonField } from "./ReasonField";
import { hideEntrySchema, type FairPlayEntry } from "#contracts/contests/fair-play.ts";
import type { ReportReason } from "#contracts/feed.ts";
import { ActionOutcome } from "../components/ActionOutcome";
import { fairPlayMessages as m } from "./fair-play-messages";
import { fairPlayApi, fairPlayQueryOptions } from "./fair-play-queries";
import { requestErrorText, schemaErrorText, type FairPlayError } from "./fair-play-errors";
import { useContestsRefresh } from "./queries";
import { SuspiciousVotes } from "./SuspiciousVotes";
import { contestsAdminMessages as contestTexts } from "./messages";

const REASON_TEXTS: Record<ReportReason, MessageDescriptor> = {
  spam: m.reasonSpam,
  harassment: m.reasonHarassment,
  hate: m.reasonHate,
  sexual: m.reasonSexual,
  violence: m.reasonViolence,
  other: m.reasonOther,
};

export function FairPlayPanel({ contestId }: { contestId: string }) {
  const intl = useIntl();
  const query = useQuery(fairPlayQueryOptions(contestId));
  const [done, setDone] = useState("");
  return (
    <section className="admin-contests-fair-play" aria-labelledby="contest-fair-play-title">
      <h2 id="contest-fair-play-title">{intl.formatMessage(m.title)}</h2>
      <ActionOutcome done={done} />
      <QueryState
        query={query}
        loading={intl.formatMessage(m.loading)}
        failed={intl.formatMessage(m.loadFailed)}
        retry={intl.formatMessage(contestTexts.retry)}
      >
        {(play) => (
          <>
            <h3 id="contest-fair-play-reported">{intl.formatMessage(m.reportedTitle)}</h3>
            {play.entries.length === 0 ? (
              <p className="muted">{intl.formatMessage(m.reportedEmpty)}</p>
            ) : (
              <ColumnsTable
                labelledBy="contest-fair-play-reported"
                columns={[m.colEntry, m.colReports, m.colState, m.colActions].map((c) => intl.formatMessage(c))}
              >
                {play.entries.map((entry) => (
                  <ReportedRow key={entry.id} contestId={contestId} entry={entry} onDone={setDone} />
                ))}
              </ColumnsTable>
            )}
            <SuspiciousVotes contestId={contestId} play={play} onDone={setDone} />
            {play.voided.length > 0 && (
              <>
                <h3>{intl.formatMessage(m.voidedTitle)}</h3>
                <ul>
                  {play.voided.map((v) => (
                    <li key={`${v.entryId}:${v.userId}`}>
                      {intl.formatMessage(m.voidedLine, { voter: v.username, name: v.entryTitle, reason: v.voidReason ?? "" })}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}

type RowProps = { contestId: string; entry: FairPlayEntry; onDone: (message: string) => void };

function ReportedRow({ contestId, entry, onDone }: RowProps) {
  const intl = useIntl();
  const refresh = useContestsRefresh();
  const [hiding, setHiding] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<FairPlayError | null>(null);
  const act = useMutation({
    mutationFn: (action: "hide" | "unhide" | "dismiss") =>
      action === "hide" ? fairPlayApi.hide(contestId, entry.id, reason) : fairPlayApi[action](contestId, entry.id),
    onSettled: refresh,
  });
  const run = (action: "hide" | "unhide" | "dismiss") => {
    setError(null);
    act.mutate(action, {
      onSuccess: (answer) => {
        setHiding(false);
        const name = entry.title;
        onDone(intl.formatMessage(action === "hide" ? m.hidden : action === "unhide" ? m.shown : m.dismissed, { name, count: answer.resolvedReports }));
      },
      onError: (err) => setError(requestErrorText(err)),
    });
  };
  const errorId = `fair-play-${entry.id}-error`;
  return (
    <tr>
      <th scope="row">
        {entry.title} <span className="muted">{entry.remixer.username}</span>
      </th>
      <td>
        {entry.openReports}
        {entry.reasons.length > 0 && ` (${entry.reasons.map((r) => intl.formatMessage(REASON_TEXTS[r])).join(", ")})`}
      </td>
      <td>{entry.hiddenAt ? intl.formatMessage(m.hiddenBecause, { reason: entry.hiddenReason ?? "" }) : intl.formatMessage(m.visible)}</td>
      <td>
        {hiding ? (
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              const checked = hideEntrySchema.safeParse({ reason });
              if (!checked.success) return setError(schemaErrorText(checked.error));
              run("hide");
            }}
          >
            <ReasonField value={reason} onChange={setReason} error={error} errorId={errorId} />
            <button type="submit" className="btn btn-danger btn-sm" disabled={act.isPending}>
              {intl.formatMessage(m.hideOf, { name: entry.title })}
            </button>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setHiding(false)}>
              {intl.formatMessage(m.cancel)}
            </button>
          </form>
        ) : (
          <>
            {entry.hiddenAt ? (
              <button type="button" className="btn btn-ghost btn-sm" disabled={act.isPending} onClick={() => run("unhide")}>
                {intl.formatMessage(m.unhide)}
              </button>
            ) : (
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => setHiding(true)}>
                {intl.formatMessage(m.hide)}
              </button>
            )}
            {entry.openReports > 0 && (
              <button type="button" className="btn btn-ghost btn-sm" disabled={act.isPending} onClick={() => run("dismiss")}>
                {intl.formatMessage(m.dismiss)}
              </button>
            )}
          </>
        )}
        <ReasonError error={error} id={errorId} />
      </td>
    </tr>
  );
}
