// The suspicious groups of a contest's live votes (new accounts on one entry, one network on one
// entry), each vote with its voter's name, account age at the vote and whether they are verified,
// a checkbox to select it; the selected votes are voided together with one required reason.
import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import { voidVotesSchema, type AdminFairPlayResponse, type FairPlayGroup, type FairPlayVote } from "#contracts/contests/fair-play.ts";
import { formatMoment } from "../format";
import { fairPlayMessages as m } from "./fair-play-messages";
import { fairPlayApi } from "./fair-play-queries";
import { requestErrorText, schemaErrorText, type FairPlayError } from "./fair-play-errors";
import { useContestsRefresh } from "./queries";
import { ColumnsTable } from "./ColumnsTable";
import { ReasonError, ReasonField } from "./ReasonField";

type Props = { contestId: string; play: AdminFairPlayResponse; onDone: (message: string) => void };
const VOID_ERROR_ID = "fair-play-void-error";
const keyOf = (v: Pick<FairPlayVote, "entryId" | "userId">) => `${v.entryId}:${v.userId}`;

export function SuspiciousVotes({ contestId, play, onDone }: Props) {
  const intl = useIntl();
  const refresh = useContestsRefresh();
  const [selected, setSelected] = useState<ReadonlyMap<string, { entryId: string; userId: string }>>(new Map());
  const [reason, setReason] = useState("");
  const [error, setError] = useState<FairPlayError | null>(null);
  const voiding = useMutation({ mutationFn: (votes: { entryId: string; userId: string }[]) => fairPlayApi.void(contestId, votes, reason), onSettled: refresh });
  const groups = [...play.newAccountGroups, ...play.networkGroups];
  const { thresholds: t } = play;
  const toggle = (vote: FairPlayVote, on: boolean) =>
    setSelected((before) => {
      const after = new Map(before);
      if (on) after.set(keyOf(vote), { entryId: vote.entryId, userId: vote.userId });
      else after.delete(keyOf(vote));
      return after;
    });
  return (
    <>
      <h3>{intl.formatMessage(m.suspiciousTitle)}</h3>
      <ul className="muted">
        <li>{intl.formatMessage(m.newAccountsRule, { min: t.newAccountVotesMin, days: t.newAccountDays })}</li>
        <li>{intl.formatMessage(m.networkRule, { min: t.networkVotesMin })}</li>
      </ul>
      {groups.length === 0 ? (
        <p className="muted">{intl.formatMessage(m.suspiciousEmpty)}</p>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const votes = [...selected.values()];
            const checked = voidVotesSchema.safeParse({ reason, votes });
            if (!checked.success) return setError(schemaErrorText(checked.error));
            setError(null);
            voiding.mutate(votes, {
              onSuccess: ({ voided }) => {
                setSelected(new Map());
                setReason("");
                onDone(intl.formatMessage(m.voided, { count: voided }));
              },
              onError: (err) => setError(requestErrorText(err)),
            });
          }}
        >
          {groups.map((group) => (
            <GroupTable key={`${group.entry.id}:${group.network ?? "new"}`} group={group} selected={selected} onToggle={toggle} />
          ))}
          {play.resultsOut ? (
            <p className="muted">{intl.formatMessage(m.voidClosed)}</p>
          ) : (
            <>
              <ReasonField value={reason} onChange={setReason} error={error} errorId={VOID_ERROR_ID} />
              <button type="submit" className="btn btn-danger" disabled={voiding.isPending || selected.size === 0}>
                {intl.formatMessage(voiding.isPending ? m.voiding : m.voidSelected)}
              </button>
            </>
          )}
          <ReasonError error={error} id={VOID_ERROR_ID} />
        </form>
      )}
    </>
  );
}

type GroupProps = { group: FairPlayGroup; selected: ReadonlyMap<string, unknown>; onToggle: (vote: FairPlayVote, on: boolean) => void };

function GroupTable({ group, selected, onToggle }: GroupProps) {
  const intl = useIntl();
  const name = group.entry.title;
  const caption =
    group.network === null ? intl.formatMessage(m.newAccountsGroup, { name }) : intl.formatMessage(m.networkGroup, { name, network: group.network });
  return (
    <ColumnsTable
      caption={caption}
      captionShown
      columns={[
        <span key="select" className="sr-only">
          {intl.formatMessage(m.voidSelected)}
        </span>,
        ...[m.colVoter, m.colAge, m.colVerified, m.colCast].map((c) => intl.formatMessage(c)),
      ]}
    >
      {group.votes.map((vote) => (
        <tr key={keyOf(vote)}>
          <td>
            <input
              type="checkbox"
              checked={selected.has(keyOf(vote))}
              onChange={(e) => onToggle(vote, e.target.checked)}
              aria-label={intl.formatMessage(m.selectVote, { voter: vote.username, name })}
            />
          </td>
          <th scope="row">{vote.username}</th>
          <td>{intl.formatMessage(m.ageDays, { count: vote.accountAgeDays })}</td>
          <td>{intl.formatMessage(vote.verified ? m.yes : m.no)}</td>
          <td>{formatMoment(intl, vote.castAt)}</td>
        </tr>
      ))}
    </ColumnsTable>
  );
}
