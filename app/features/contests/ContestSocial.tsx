// The parts of a contest's page about its people (decision 198): the results once voting is over
// (places, the winner's badge, the fans' and the jury's shares; the first ask after voting ends
// stores them, as the five-minute job would) and the link to the contest's room, for members (a
// room needs signing in; the room's page says when its gate keeps someone out).
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useIntl } from "react-intl";
import { QueryState } from "../../components/QueryState";
import { api } from "../../lib/api";
import { useSessionUser } from "../../lib/session/useSession";
import { useAsServerRendered } from "../../lib/useAsServerRendered";
import type { ContestResultsResponse, PublicContest } from "#contracts/contests/contests.ts";
import { contestRoomId } from "#contracts/contests/room.ts";
import { contestMessages, contestSocialMessages as m, profileEntryMessages } from "./messages";
import "./profile-contests.css";

const resultsQueryOptions = (contestId: string) => ({
  queryKey: ["contests", contestId, "results"],
  queryFn: ({ signal }: { signal: AbortSignal }) => api<ContestResultsResponse>(`/api/contests/${contestId}/results`, { signal }),
  staleTime: Infinity,
});

export function ContestResults({ contest }: { contest: PublicContest }) {
  const intl = useIntl();
  const query = useQuery({ ...resultsQueryOptions(contest.id), enabled: contest.phase === "ended" });
  if (contest.phase !== "ended") return null;
  return (
    <section aria-labelledby="contest-results" className="contest-results">
      <h2 id="contest-results">{intl.formatMessage(m.resultsTitle)}</h2>
      <QueryState
        query={query}
        loading={intl.formatMessage(contestMessages.loading)}
        failed={intl.formatMessage(m.resultsFailed)}
        retry={intl.formatMessage(contestMessages.retry)}
      >
        {({ results }) =>
          results.length === 0 ? (
            <p>{intl.formatMessage(contestMessages.noEntries)}</p>
          ) : (
            <ol className="profile-contests-list">
              {results.map((r) => (
                <li key={r.entryId}>
                  {r.place === 1 ? (
                    <span className="badge badge-winner">{intl.formatMessage(m.profileWinner)}</span>
                  ) : (
                    <span className="badge">{intl.formatMessage(profileEntryMessages.place, { place: r.place })}</span>
                  )}{" "}
                  <span className="profile-contests-entry">
                    {intl.formatMessage(profileEntryMessages.resultBy, { title: r.title, username: r.remixer.username })}
                  </span>{" "}
                  <span className="muted">
                    {intl.formatMessage(profileEntryMessages.resultShares, { votes: r.fanVotes, fan: r.fanSharePercent, jury: r.jurySharePercent })}
                  </span>
                </li>
              ))}
            </ol>
          )
        }
      </QueryState>
    </section>
  );
}

export function ContestRoomLink({ contest }: { contest: PublicContest }) {
  const intl = useIntl();
  const me = useSessionUser().user;
  // The server's HTML has no session to read: the link comes once the page is the browser's.
  const asServerRendered = useAsServerRendered();
  if (!me || asServerRendered) return null;
  return (
    <section aria-labelledby="contest-room" className="contest-room">
      <h2 id="contest-room">{intl.formatMessage(m.roomTitle)}</h2>
      <p>
        <Link to="/rooms/$room" params={{ room: contestRoomId(contest.id) }}>
          {intl.formatMessage(m.roomLink)}
        </Link>
      </p>
      {contest.resultsOut && <p className="muted">{intl.formatMessage(m.roomClosed)}</p>}
    </section>
  );
}
