// The block a member's profile shows of their remix contests (issue 90's profiles, decision 198):
// each entry of a contest past its entry phase, its own or one they co-authored, with where it
// stands (a place and the winner's badge once the results are out) and a link to the contest's
// page. Nothing shows while it loads, when it fails or when the member has none: the profile is
// about the member, and an empty block says nothing.
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useIntl } from "react-intl";
import type { Locale } from "#contracts/locale.ts";
import type { ProfileContestEntry } from "#contracts/contests/contests.ts";
import ContestMessages from "./messages?feature";
import { contestSocialMessages as m, profileEntryMessages } from "./messages";
import { profileContestEntriesQueryOptions } from "./profile-queries";
import "./profile-contests.css";

export function ProfileContestEntries({ userId }: { userId: string }) {
  return (
    <ContestMessages>
      <EntriesBlock userId={userId} />
    </ContestMessages>
  );
}

function EntriesBlock({ userId }: { userId: string }) {
  const intl = useIntl();
  const entries = useQuery(profileContestEntriesQueryOptions(userId, intl.locale as Locale)).data?.entries;
  if (!entries || entries.length === 0) return null;
  return (
    <section className="card profile-contests" aria-labelledby="profile-contests-title" data-slot="contest-entries">
      <h2 id="profile-contests-title">{intl.formatMessage(m.profileTitle)}</h2>
      <ul className="profile-contests-list">
        {entries.map((entry) => (
          <EntryItem key={entry.entryId} entry={entry} />
        ))}
      </ul>
    </section>
  );
}

function EntryItem({ entry }: { entry: ProfileContestEntry }) {
  const intl = useIntl();
  return (
    <li>
      <Link to="/contests/$contest" params={{ contest: entry.contestId }}>
        {entry.contestTitle}
      </Link>{" "}
      <span className="profile-contests-entry">{entry.entryTitle}</span>
      {entry.coAuthored && (
        <span className="muted"> · {intl.formatMessage(profileEntryMessages.coAuthoredWith, { username: entry.remixer.username })}</span>
      )}{" "}
      <Standing entry={entry} />
    </li>
  );
}

function Standing({ entry }: { entry: ProfileContestEntry }) {
  const intl = useIntl();
  if (entry.place === 1) return <span className="badge badge-winner">{intl.formatMessage(m.profileWinner)}</span>;
  if (entry.place !== null) return <span className="badge">{intl.formatMessage(profileEntryMessages.place, { place: entry.place })}</span>;
  const phase = entry.phase === "voting" ? m.profileVoting : entry.phase === "ended" ? m.profileResultsSoon : m.profileWaiting;
  return <span className="muted">{intl.formatMessage(phase)}</span>;
}
