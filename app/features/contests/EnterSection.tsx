// Entering, as the Worker's answer says the viewer may: a visitor is asked to sign in, a member who
// may send a new entry gets the form (which says when their entries are used up), one who may not
// is told why (the gate names who may), and a member's own entries are listed whatever the phase
// (withdrawing is open at any time).
import { useIntl } from "react-intl";
import { Link } from "@tanstack/react-router";
import { UiText } from "../../components/form/FormField";
import type { ContestEntry, PublicContest } from "#contracts/contests/contests.ts";
import { enterRefusalText } from "./entry-errors";
import { EnterForm } from "./EnterForm";
import { contestMessages as m } from "./messages";
import { MyEntries } from "./MyEntries";

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
            <EnterForm contest={contest} usedUp={enterRefusal === "contest_entries_used_up"} />
          )}
        </section>
      )}
      {mine.length > 0 && <MyEntries contest={contest} entries={mine} />}
    </>
  );
}
