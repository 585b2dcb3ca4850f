// /admin/contests/$contestId: one contest's stems (upload, list, delete), its entries (listen, the
// jury's scores), its fair play (reports, hiding, suspicious votes and voiding) and, once voting
// is over, its results.
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useIntl } from "react-intl";
import { EmptyState } from "../../../components/EmptyState";
import { QueryState } from "../../../components/QueryState";
import { hasCode } from "../../../lib/forms/errorText";
import type { AdminContest } from "#contracts/contests/contests.ts";
import { ActionOutcome } from "../components/ActionOutcome";
import { EntriesTable } from "./EntriesTable";
import { FairPlayPanel } from "./FairPlayPanel";
import { ResultsPanel } from "./ResultsPanel";
import { ReleasePanel } from "./ReleasePanel";
import { StemsPanel } from "./StemsPanel";
import { contestsAdminMessages as m } from "./messages";
import { contestTitleIn, phaseText } from "./phase";
import { adminContestQueryOptions, contestEntriesQueryOptions } from "./queries";
import "./contests-admin.css";

export function ContestEntriesPage({ contestId }: { contestId: string }) {
  const intl = useIntl();
  const query = useQuery(adminContestQueryOptions(contestId));
  return (
    <div className="page admin-contests">
      <p>
        <Link to="/admin/contests">{intl.formatMessage(m.back)}</Link>
      </p>
      <QueryState
        query={query}
        loading={intl.formatMessage(m.loading)}
        failed={intl.formatMessage(hasCode(query.error, "contest_not_found") ? m.errorNotFound : m.loadFailed)}
        retry={intl.formatMessage(m.retry)}
      >
        {({ contest }) => <ContestEntries contest={contest} />}
      </QueryState>
    </div>
  );
}

function ContestEntries({ contest }: { contest: AdminContest }) {
  const intl = useIntl();
  const entries = useQuery(contestEntriesQueryOptions(contest.id));
  const [done, setDone] = useState("");
  return (
    <>
      <h1>{intl.formatMessage(m.entriesPageTitle, { name: contestTitleIn(intl.locale, contest) })}</h1>
      <p>
        <span className="badge">{intl.formatMessage(phaseText(contest))}</span> {contest.trackTitle}
      </p>
      <StemsPanel contestId={contest.id} />
      <section aria-labelledby="contest-entries-title">
        <h2 id="contest-entries-title">{intl.formatMessage(m.entriesTitle)}</h2>
        <ActionOutcome done={done} />
        <QueryState
          query={entries}
          loading={intl.formatMessage(m.entriesLoading)}
          failed={intl.formatMessage(m.entriesLoadFailed)}
          retry={intl.formatMessage(m.retry)}
        >
          {({ entries: list }) =>
            list.length === 0 ? (
              <EmptyState icon="music" title={intl.formatMessage(m.entriesEmpty)} />
            ) : (
              <EntriesTable contest={contest} entries={list} onScored={setDone} />
            )
          }
        </QueryState>
      </section>
      <FairPlayPanel contestId={contest.id} />
      <ResultsPanel contest={contest} />
      <ReleasePanel contest={contest} />
    </>
  );
}
