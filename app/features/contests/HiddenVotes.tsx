// The member's live votes on entries the moderators hid (decision 196): those entries are out of
// the list, so their vote buttons are gone, yet the votes still count against the member's. This
// says how many and takes them back with the vote's DELETE, one per entry; the list is read again.
import { useMutation } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import { api } from "../../lib/api";
import { useRefreshContest } from "./queries";
import { contestMessages as m } from "./messages";

export function HiddenVotes({ contestId, entryIds }: { contestId: string; entryIds: string[] }) {
  const intl = useIntl();
  const refresh = useRefreshContest(contestId);
  const takeBack = useMutation({
    mutationFn: () =>
      Promise.all(
        entryIds.map((entryId) =>
          api(`/api/contests/${contestId}/votes/${entryId}`, {
            method: "DELETE",
          }),
        ),
      ),
    onSettled: refresh,
  });
  if (entryIds.length === 0) return null;
  return (
    <div className="contest-hidden-votes">
      <p>{intl.formatMessage(m.votesOnHidden, { count: entryIds.length })}</p>
      <button type="button" className="btn btn-sm" disabled={takeBack.isPending} onClick={() => takeBack.mutate()}>
        {intl.formatMessage(m.takeBackHiddenVotes, { count: entryIds.length })}
      </button>
      {takeBack.isError && <p role="alert">{intl.formatMessage(m.voteFailed)}</p>}
    </div>
  );
}
