// The body of a remix contest's page: its texts and where it is in time, then its entries in the
// order the Worker shuffled for this listener, each playable with its waveform, with the vote buttons and the votes
// left while voting is open, and entering (EnterSection). No counts: the Worker sends none until
// the results.
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import { QueryState } from "../../components/QueryState";
import { useAsServerRendered } from "../../lib/useAsServerRendered";
import ContestMessages from "./messages?feature";
import { contestMessages as m } from "./messages";
import { contestEntriesQueryOptions, contestQueryOptions, useVote } from "./queries";
import { EnterSection } from "./EnterSection";
import { CreditInvites } from "./CreditInvites";
import { StemsSection } from "./StemsSection";
import { EntryPlayer } from "./EntryPlayer";
import { EntryReport } from "./EntryReport";
import { HiddenVotes } from "./HiddenVotes";
import { useSessionUser } from "../../lib/session/useSession";
import { ContestResults, ContestRoomLink } from "./ContestSocial";
import { phaseText } from "./phase-text";
import "./contests.css";
import type { Locale } from "#contracts/locale.ts";
import type { ContestEntry, PublicContest } from "#contracts/contests/contests.ts";
import { ReleasedLink } from "./ReleasedLink";

/** A visitor's order seed, kept for the tab (a member's order follows their account); "" on the server, which lists no entries. */
function tabSeed(): string {
  if (typeof sessionStorage === "undefined") return "";
  const key = "contest-order-seed";
  const kept = sessionStorage.getItem(key);
  if (kept && /^[a-z0-9]{8,32}$/.test(kept)) return kept;
  const made = Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => (b % 36).toString(36)).join("");
  sessionStorage.setItem(key, made);
  return made;
}

export function ContestPage({ contestId }: { contestId: string }) {
  return (
    <ContestMessages>
      <ContestContent contestId={contestId} />
    </ContestMessages>
  );
}

function ContestContent({ contestId }: { contestId: string }) {
  const intl = useIntl();
  const query = useQuery(contestQueryOptions(contestId, intl.locale as Locale));
  return (
    <QueryState query={query} loading={intl.formatMessage(m.loading)} failed={intl.formatMessage(m.loadFailed)} retry={intl.formatMessage(m.retry)}>
      {({ contest }) => <ContestView contest={contest} />}
    </QueryState>
  );
}

function ContestView({ contest }: { contest: PublicContest }) {
  const intl = useIntl();
  const [seed] = useState(tabSeed);
  const entries = useQuery({ ...contestEntriesQueryOptions(contest.id, seed), enabled: seed !== "" });
  // The server knows no reader's time zone: its HTML, and the page while it hydrates, say the
  // dates in UTC; the reader's own zone right after.
  const asServerRendered = useAsServerRendered();
  return (
    <article className="contest-page" aria-labelledby="contest-title">
      <h1 id="contest-title">{contest.title}</h1>
      <p className="contest-phase">{phaseText(intl, contest, asServerRendered ? "UTC" : undefined)}</p>
      <p className="contest-brief">{contest.brief}</p>
      {contest.prizes && (
        <section aria-label={intl.formatMessage(m.prizes)}>
          <h2>{intl.formatMessage(m.prizes)}</h2>
          <p>{contest.prizes}</p>
        </section>
      )}
      <details className="contest-rules">
        <summary>{intl.formatMessage(m.rules)}</summary>
        <p>{contest.rules}</p>
      </details>
      <ContestResults contest={contest} />
      <StemsSection contest={contest} />
      <EnterSection contest={contest} entries={entries.data?.entries} />
      {entries.data && <CreditInvites contestId={contest.id} entries={entries.data.entries} />}
      <section aria-labelledby="contest-entries">
        <h2 id="contest-entries">{intl.formatMessage(m.entriesTitle)}</h2>
        <p>{intl.formatMessage(m.entriesOrder)}</p>
        <QueryState query={entries} loading={intl.formatMessage(m.loading)} failed={intl.formatMessage(m.loadFailed)} retry={intl.formatMessage(m.retry)}>
          {({ entries: list, votesLeft, votesOnHidden }) => (
            <EntryList contestId={contest.id} entries={list} votesLeft={votesLeft} votesOnHidden={votesOnHidden} voting={contest.phase === "voting"} />
          )}
        </QueryState>
      </section>
      <ContestRoomLink contest={contest} />
    </article>
  );
}

type EntryListProps = { contestId: string; entries: ContestEntry[]; votesLeft: number; votesOnHidden: string[] | undefined; voting: boolean };

function EntryList({ contestId, entries, votesLeft, votesOnHidden = [], voting }: EntryListProps) {
  const intl = useIntl();
  const vote = useVote(contestId);
  const { user } = useSessionUser();
  const submitted = entries.filter((entry) => entry.status === "submitted");
  // Their entries are out of the list: the way to take those votes back is above it.
  const hiddenVotes = voting && <HiddenVotes contestId={contestId} entryIds={votesOnHidden} />;
  if (submitted.length === 0)
    return (
      <>
        {hiddenVotes}
        <p>{intl.formatMessage(m.noEntries)}</p>
      </>
    );
  const canChange = voting && (votesLeft > 0 || submitted.some((entry) => entry.votedByMe));
  return (
    <>
      {canChange && (
        <p className="contest-votes-left" role="status">
          {intl.formatMessage(m.votesLeft, { count: votesLeft })}
        </p>
      )}
      {hiddenVotes}
      {vote.isError && <p role="alert">{intl.formatMessage(m.voteFailed)}</p>}
      <ul className="contest-entries">
        {submitted.map((entry) => (
          <li key={entry.id}>
            <article aria-label={entry.title}>
              <h3>{entry.title}</h3>
              <p>
                {intl.formatMessage(m.byRemixer, { username: entry.remixer.username })}
                {entry.coAuthors.length > 0 &&
                  ` ${intl.formatMessage(m.withCoAuthors, {
                    names: intl.formatList(
                      entry.coAuthors.map((k) => k.username),
                      { type: "conjunction" },
                    ),
                  })}`}
              </p>
              {entry.note && <p>{entry.note}</p>}
              <ReleasedLink contestId={contestId} entryId={entry.id} />
              <EntryPlayer entry={entry} />
              <div className="contest-entry-actions">
                {entry.votedByMe && <span className="badge">{intl.formatMessage(m.voted)}</span>}
                {voting && !entry.mine && (entry.votedByMe || votesLeft > 0) && (
                  <button
                    type="button"
                    className="btn btn-sm"
                    disabled={vote.isPending}
                    aria-pressed={entry.votedByMe}
                    onClick={() => vote.mutate({ entryId: entry.id, cast: !entry.votedByMe })}
                  >
                    {intl.formatMessage(entry.votedByMe ? m.unvote : m.vote, { title: entry.title })}
                  </button>
                )}
                {user && mayReport(entry) && <EntryReport contestId={contestId} entry={entry} />}
              </div>
            </article>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Not one's own entry, nor one the entrant named them on: the Worker refuses the first, and a co-author reporting their own work makes no sense. */
const mayReport = (entry: ContestEntry) => !entry.mine && entry.myCredit !== "confirmed" && entry.myCredit !== "invited";
