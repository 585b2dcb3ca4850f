// The body of /perks: the live perks, newest first, each a card to reveal (or a teaser for those
// it is not for), with its loading, failed and empty states. Visitors see the teasers and are
// asked to sign in. The Worker renders it as whoever asks (their session's list, or a visitor's
// teasers), so the first HTML already holds the cards.
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useIntl } from "react-intl";
import { EmptyState } from "../../components/EmptyState";
import { Loading } from "../../components/Loading";
import { QueryState } from "../../components/QueryState";
import { useSessionUser } from "../../lib/session/useSession";
import { PerkCard } from "./PerkCard";
import PerksMessages from "./messages?feature";
import { perksMessages as m } from "./messages";
import { perksQueryOptions } from "./queries";
import type { Locale } from "#contracts/locale.ts";
import "./perks.css";

export function PerksPage() {
  return (
    <PerksMessages>
      <PerksContent />
    </PerksMessages>
  );
}

function PerksContent() {
  const intl = useIntl();
  const session = useSessionUser();
  const user = session.user;
  const query = useQuery(perksQueryOptions(intl.locale as Locale));

  return (
    <div className="perks-page">
      {!user && !session.isPending && (
        <p className="perks-sign-in">
          {intl.formatMessage(m.signInText)}{" "}
          <Link to="/social/login" className="btn btn-primary btn-sm">
            {intl.formatMessage(m.signInLink)}
          </Link>
        </p>
      )}
      {/* Who asks decides what each card offers: wait for both. */}
      {session.isPending ? (
        <Loading label={intl.formatMessage(m.loading)} />
      ) : (
        <QueryState query={query} loading={intl.formatMessage(m.loading)} failed={intl.formatMessage(m.loadFailed)} retry={intl.formatMessage(m.retry)}>
          {({ perks }) =>
            perks.length === 0 ? (
              <EmptyState icon="gift" title={intl.formatMessage(m.empty)} hint={intl.formatMessage(m.emptyHint)} />
            ) : (
              <ul className="perks-list" aria-label={intl.formatMessage(m.listLabel)}>
                {perks.map((perk, i) => (
                  <li key={perk.id}>
                    <PerkCard perk={perk} signedIn={user !== null} first={i === 0} />
                  </li>
                ))}
              </ul>
            )
          }
        </QueryState>
      )}
    </div>
  );
}
