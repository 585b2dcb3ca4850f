// /contests: the remix contests that have opened, those still running first, then the past ones,
// each a card with its cover, its title linking to its page and where it stands in time.
import { Link } from "@tanstack/react-router";
import { useQuery } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import { EmptyState } from "../../components/EmptyState";
import { QueryState } from "../../components/QueryState";
import type { Locale } from "#contracts/locale.ts";
import type { ContestSummary } from "#contracts/contests/contests.ts";
import ContestMessages from "./messages?feature";
import { contestMessages as m } from "./messages";
import { contestsQueryOptions } from "./queries";
import { phaseText } from "./phase-text";
import "./contests.css";

export function ContestsListPage() {
  return (
    <ContestMessages>
      <ContestsList />
    </ContestMessages>
  );
}

function ContestsList() {
  const intl = useIntl();
  const query = useQuery(contestsQueryOptions(intl.locale as Locale));
  return (
    <QueryState query={query} loading={intl.formatMessage(m.listLoading)} failed={intl.formatMessage(m.listFailed)} retry={intl.formatMessage(m.retry)}>
      {({ contests }) => {
        if (contests.length === 0) return <EmptyState icon="music" title={intl.formatMessage(m.listEmpty)} hint={intl.formatMessage(m.listEmptyHint)} />;
        const running = contests.filter((c) => c.phase !== "ended");
        const past = contests.filter((c) => c.phase === "ended");
        return (
          <>
            {running.length > 0 && <ContestGroup title={intl.formatMessage(m.listOpen)} contests={running} />}
            {past.length > 0 && <ContestGroup title={intl.formatMessage(m.listPast)} contests={past} />}
          </>
        );
      }}
    </QueryState>
  );
}

function ContestGroup({ title, contests }: { title: string; contests: ContestSummary[] }) {
  return (
    <section className="contests-group" aria-label={title}>
      <h2>{title}</h2>
      <ul className="contests-list">
        {contests.map((contest) => (
          <ContestCard key={contest.id} contest={contest} />
        ))}
      </ul>
    </section>
  );
}

function ContestCard({ contest }: { contest: ContestSummary }) {
  const intl = useIntl();
  return (
    <li className="contests-card card">
      {contest.coverUrl && <img className="contests-card-cover" src={contest.coverUrl} alt="" width={96} height={96} loading="lazy" />}
      <div>
        <h3 className="contests-card-title">
          <Link to="/contests/$contest" params={{ contest: contest.id }}>
            {contest.title}
          </Link>
        </h3>
        <p className="contest-phase">{phaseText(intl, contest)}</p>
        {contest.resultsOut && <p className="badge">{intl.formatMessage(m.resultsOut)}</p>}
      </div>
    </li>
  );
}
