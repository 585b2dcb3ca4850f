// A contest's placed remixes once the results are out (decision 197): each with "Released" and its
// links (the catalog's single, the store's product when sold), or a Publish button that opens the
// dialog. Before the results it says when releasing becomes possible.
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useIntl } from "react-intl";
import { QueryState } from "../../../components/QueryState";
import type { AdminContest } from "#contracts/contests/contests.ts";
import { ActionOutcome } from "../components/ActionOutcome";
import { releaseMessages as m } from "./messages";
import { PublishDialog, type PublishTarget } from "./PublishDialog";
import { contestResultsQueryOptions } from "./queries";
import { contestReleasesQueryOptions } from "./release-queries";

export function ReleasePanel({ contest }: { contest: AdminContest }) {
  const intl = useIntl();
  const out = contest.resultsAt !== null;
  const results = useQuery({ ...contestResultsQueryOptions(contest.id), enabled: out });
  const releases = useQuery({ ...contestReleasesQueryOptions(contest.id), enabled: out });
  const [publishing, setPublishing] = useState<PublishTarget | null>(null);
  const [done, setDone] = useState("");
  return (
    <section aria-labelledby="contest-release-title" className="admin-contests-release">
      <h2 id="contest-release-title">{intl.formatMessage(m.title)}</h2>
      <p>{intl.formatMessage(m.intro)}</p>
      <ActionOutcome done={done} />
      {!out ? (
        <p className="muted">{intl.formatMessage(m.notYet)}</p>
      ) : (
        <QueryState query={releases} loading={intl.formatMessage(m.loading)} failed={intl.formatMessage(m.loadFailed)}>
          {({ releases: released }) => (
            <ul className="admin-contests-release-list">
              {(results.data?.results ?? []).map((r) => {
                const release = released.find((x) => x.entryId === r.entryId);
                return (
                  <li key={r.entryId}>
                    <strong>{r.title}</strong> · {r.remixer.username}{" "}
                    {release ? (
                      <>
                        <span className="badge">{intl.formatMessage(m.released)}</span>{" "}
                        <Link to="/music/track/$trackId" params={{ trackId: release.trackId }}>
                          {intl.formatMessage(m.listen)}
                        </Link>
                        {release.product ? (
                          <>
                            {" · "}
                            <Link to="/store/$product" params={{ product: release.product.slug }}>
                              {intl.formatMessage(m.inStore)}
                            </Link>
                          </>
                        ) : null}
                      </>
                    ) : (
                      <button
                        type="button"
                        className="btn btn-small"
                        aria-label={intl.formatMessage(m.publishOf, { name: r.title })}
                        onClick={() =>
                          setPublishing({
                            contestId: contest.id,
                            entryId: r.entryId,
                            entryTitle: r.title,
                            remixer: r.remixer.username,
                            trackTitle: contest.trackTitle,
                          })
                        }
                      >
                        {intl.formatMessage(m.publish)}
                      </button>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </QueryState>
      )}
      {publishing ? (
        <PublishDialog
          target={publishing}
          onClose={() => setPublishing(null)}
          onPublished={() => {
            setDone(intl.formatMessage(m.done, { name: publishing.entryTitle }));
            setPublishing(null);
          }}
        />
      ) : null}
    </section>
  );
}
