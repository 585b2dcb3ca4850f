// The entries whose entrant named the reader a co-author and that wait for their answer: each with
// confirm and decline (a confirmed co-author is credited on the entry and may not vote for it).
import { useIntl } from "react-intl";
import type { ContestEntry } from "#contracts/contests/contests.ts";
import { contestMessages as m } from "./messages";
import { useAnswerCredit } from "./queries";

export function CreditInvites({ contestId, entries }: { contestId: string; entries: readonly ContestEntry[] }) {
  const intl = useIntl();
  const answer = useAnswerCredit(contestId);
  const invited = entries.filter((entry) => entry.myCredit === "invited");
  if (invited.length === 0) return null;
  return (
    <section className="contest-credit-invites" aria-labelledby="contest-credit-invites">
      <h2 id="contest-credit-invites">{intl.formatMessage(m.creditsTitle)}</h2>
      {answer.isError && <p role="alert">{intl.formatMessage(m.creditFailed)}</p>}
      <ul>
        {invited.map((entry) => (
          <li key={entry.id}>
            <p>{intl.formatMessage(m.creditInvite, { username: entry.remixer.username, title: entry.title })}</p>
            <button
              type="button"
              className="btn btn-sm btn-primary"
              disabled={answer.isPending}
              onClick={() => answer.mutate({ entryId: entry.id, answer: "confirm" })}
            >
              {intl.formatMessage(m.confirmCredit, { title: entry.title })}
            </button>{" "}
            <button type="button" className="btn btn-sm" disabled={answer.isPending} onClick={() => answer.mutate({ entryId: entry.id, answer: "decline" })}>
              {intl.formatMessage(m.declineCredit, { title: entry.title })}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
