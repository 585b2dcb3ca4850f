// The next listening parties, for the landing page and /events (composed there by app/routes): the
// title, the start, the album or playlist with its cover, VIP only. Rendered by the server from the
// loader's data (upcomingPartiesQueryOptions), so it hydrates as it was sent; the start is shown in
// UTC until hydration, then in the visitor's zone (useViewerZone). Nothing shows when no party is
// announced: the teaser is a bonus, not a section of its own.
import { Link } from "@tanstack/react-router";
import { useQuery } from "@tanstack/react-query";
import { FormattedMessage, useIntl } from "react-intl";
import { QueryState } from "../../components/QueryState";
import { formatWhen } from "../../lib/intlFormat";
import PartiesMessages from "./messages?feature";
import { partiesMessages as m } from "./messages";
import { upcomingPartiesQueryOptions } from "./queries";
import { useViewerZone } from "../../lib/useViewerZone";
import type { PublicParty } from "#contracts/parties/parties.ts";
import "./party-teaser.css";

type Props = { limit?: number; headingLevel?: 2 | 3 };

export function PartyTeaser(props: Props) {
  return (
    <PartiesMessages>
      <TeaserContent {...props} />
    </PartiesMessages>
  );
}

function TeaserContent({ limit = 1, headingLevel = 2 }: Props) {
  const intl = useIntl();
  const query = useQuery(upcomingPartiesQueryOptions());
  // A failure is said quietly (no alert): the teaser is a bonus beside the page's own content.
  return (
    <QueryState
      query={query}
      placeholder={
        // Holds the teaser's place; not a live region, so the page's own loading status stays the one announced.
        <div className="party-teaser party-teaser-loading" aria-busy="true">
          <span className="sr-only">{intl.formatMessage(m.teaserLoading)}</span>
        </div>
      }
      failed={intl.formatMessage(m.teaserFailed)}
      retry={intl.formatMessage(m.teaserRetry)}
      quiet
    >
      {(data) => <Teaser parties={data.parties.slice(0, limit)} headingLevel={headingLevel} />}
    </QueryState>
  );
}

function Teaser({ parties, headingLevel }: { parties: readonly PublicParty[]; headingLevel: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  if (parties.length === 0) return null;
  return (
    <section id="listening-parties" className="party-teaser card" aria-labelledby="party-teaser-title">
      <Heading id="party-teaser-title" className="party-teaser-title">
        <FormattedMessage {...m.teaserTitle} />
      </Heading>
      <p className="muted">
        <FormattedMessage {...m.teaserIntro} />
      </p>
      <ul className="party-teaser-list">
        {parties.map((party) => (
          <li key={party.id}>
            <TeaserCard party={party} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function TeaserCard({ party }: { party: PublicParty }) {
  const intl = useIntl();
  const zone = useViewerZone("UTC");
  const when = formatWhen(party.startsAt, intl.locale, zone);
  return (
    <article className="party-card">
      {party.coverUrl && <img className="party-card-cover" src={party.coverUrl} alt="" width={72} height={72} loading="lazy" decoding="async" />}
      <div className="party-card-body">
        <p className="party-card-badges">
          {party.phase === "live" && <span className="badge badge-live">{intl.formatMessage(m.live)}</span>}
          {party.vipOnly && <span className="badge badge-vip">{intl.formatMessage(m.vipOnly)}</span>}
        </p>
        <p className="party-card-title">{party.title}</p>
        <p className="muted">
          {intl.formatMessage(party.sourceType === "album" ? m.album : m.playlist)}: {party.sourceTitle}
        </p>
        <p>
          <time dateTime={party.startsAt}>{intl.formatMessage(m.startsAt, when)}</time>
        </p>
        <Link to="/parties/$partyId" params={{ partyId: party.id }} className="btn btn-primary btn-sm">
          {intl.formatMessage(m.join, { title: party.title })}
        </Link>
      </div>
    </article>
  );
}
