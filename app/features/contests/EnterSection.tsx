// Entering, as the Worker's answer says the viewer may: a visitor is asked to sign in, a member who
// may send a new entry gets the form (which says when their entries are used up), one who may not
// is told why (the gate names who may), and a member's own entries are listed whatever the phase
// (withdrawing is open at any time). The form and the member's entries (with the uploader in parts)
// load when a member has them: the server renders the page for a visitor, who has neither, and the
// page's first load stays within its budget.
import { lazy, Suspense } from "react";
import { useIntl } from "react-intl";
import { Link } from "@tanstack/react-router";
import { UiText } from "../../components/form/FormField";
import type { ContestEntry, PublicContest } from "#contracts/contests/contests.ts";
import { enterRefusalText } from "./entry-errors";
import { contestMessages as m } from "./messages";

const EnterForm = lazy(() => import("./EnterForm").then((module) => ({ default: module.EnterForm })));
const MyEntries = lazy(() => import("./MyEntries").then((module) => ({ default: module.MyEntries })));

export function EnterSection({ contest, entries }: { contest: PublicContest; entries: ContestEntry[] | undefined }) {
  const intl = useIntl();
  const mine = (entries ?? []).filter((entry) => entry.mine);
  const { enterRefusal, enterGate } = contest.rights;
  return (
    <>
      {contest.phase === "entries" && (
        <section aria-labelledby="contest-enter" className="contest-enter">
          <h2 id="contest-enter">{intl.formatMessage(m.enterTitle)}</h2>
          {enterRefusal === "unauthorized" ? (
            <p>
              {intl.formatMessage(m.signInToEnter)}{" "}
              <Link to="/social/login" search={{ redirect: `/contests/${contest.id}` }}>
                {intl.formatMessage(m.signInLink)}
              </Link>
            </p>
          ) : enterRefusal && enterRefusal !== "contest_entries_used_up" ? (
            <p className="contest-enter-refusal">
              <UiText value={enterRefusalText(enterRefusal, enterGate)} />
            </p>
          ) : (
            <Suspense fallback={null}>
              <EnterForm contest={contest} usedUp={enterRefusal === "contest_entries_used_up"} />
            </Suspense>
          )}
        </section>
      )}
      {mine.length > 0 && (
        <Suspense fallback={null}>
          <MyEntries contest={contest} entries={mine} />
        </Suspense>
      )}
    </>
  );
}
