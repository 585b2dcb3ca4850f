// The body of /collection (signed in): what the member bought, as Bandcamp's collection shows it.
// Their releases (downloads per format with the size, Play in full), orders with status and
// tracking, gift codes with their state; a way to claim guest purchases; and, arriving from a mail
// or a dead download link, what that link did or why it could not.
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useIntl } from "react-intl";
import type { CollectionResponse } from "#contracts/store/collection.ts";
import { EmptyState } from "../../components/EmptyState";
import { QueryState } from "../../components/QueryState";
import { UiText } from "../../components/form/FormField";
import { codeText } from "../../lib/forms/errorText";
import { setOwnedTracks } from "../../lib/ownedTracks";
import { useSessionUser } from "../../lib/session/useSession";
import { ClaimPanel, ClaimResult, useClaimFromLink } from "./ClaimPanel";
import CollectionMessages from "./messages?feature";
import { COLLECTION_TEXTS } from "./errors";
import { GiftCodesList } from "./GiftCodesList";
import { collectionMessages as m } from "./messages";
import { OrdersList } from "./OrdersList";
import { collectionQueryOptions } from "./queries";
import { ReleaseCard, type RenderPlayButton } from "./ReleaseCard";
import "./collection.css";

export type CollectionPageProps = {
  /** The token of a claim link this page was opened with (?claim=). */
  claimToken?: string;
  /** Why a download link sent the browser here (?download=<code>). */
  downloadError?: string;
  /** The claim token was used: the route drops it from the address. */
  onClaimHandled: () => void;
  /** The release's Play button (the music player's, composed by the route). */
  playButton?: RenderPlayButton;
};

export function CollectionPage(props: CollectionPageProps) {
  return (
    <CollectionMessages>
      <CollectionContent {...props} />
    </CollectionMessages>
  );
}

function CollectionContent({ claimToken, downloadError, onClaimHandled, playButton }: CollectionPageProps) {
  const intl = useIntl();
  const query = useQuery(collectionQueryOptions());
  const claim = useClaimFromLink(claimToken, onClaimHandled);
  const userId = useSessionUser().user?.id;
  const notice = downloadError ? codeText(downloadError, undefined, COLLECTION_TEXTS) : undefined;

  // The player plays these in full without VIP, as the Worker streams them to their owner.
  useEffect(() => {
    if (userId && query.data)
      setOwnedTracks(
        userId,
        query.data.releases.flatMap((r) => r.tracks.map((t) => t.id)),
      );
  }, [userId, query.data]);

  return (
    <div className="collection-page">
      {notice && (
        <p className="info-banner" role="status">
          <UiText value={notice} />
        </p>
      )}
      <ClaimResult confirm={claim} />
      <QueryState query={query} loading={intl.formatMessage(m.loading)} failed={intl.formatMessage(m.loadFailed)} retry={intl.formatMessage(m.retry)}>
        {(data) => <CollectionSections data={data} playButton={playButton} />}
      </QueryState>
      <ClaimPanel />
    </div>
  );
}

function CollectionSections({ data, playButton }: { data: CollectionResponse; playButton?: RenderPlayButton }) {
  const intl = useIntl();
  if (data.releases.length === 0 && data.orders.length === 0 && data.giftCodes.length === 0) {
    return (
      <EmptyState icon="music" title={intl.formatMessage(m.emptyTitle)} hint={intl.formatMessage(m.emptyHint)}>
        <a className="btn btn-primary" href="/store">
          {intl.formatMessage(m.emptyLink)}
        </a>
      </EmptyState>
    );
  }
  return (
    <>
      {data.releases.length > 0 && (
        <section aria-labelledby="collection-releases">
          <h2 id="collection-releases">{intl.formatMessage(m.releasesHeading)}</h2>
          <ul className="collection-releases" aria-label={intl.formatMessage(m.releasesLabel)}>
            {data.releases.map((release) => (
              <li key={release.entitlementId}>
                <ReleaseCard release={release} playButton={playButton} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {data.orders.length > 0 && (
        <section aria-labelledby="collection-orders">
          <h2 id="collection-orders">{intl.formatMessage(m.ordersHeading)}</h2>
          <OrdersList orders={data.orders} />
        </section>
      )}
      {data.giftCodes.length > 0 && (
        <section aria-labelledby="collection-gifts">
          <h2 id="collection-gifts">{intl.formatMessage(m.giftsHeading)}</h2>
          <GiftCodesList giftCodes={data.giftCodes} />
        </section>
      )}
    </>
  );
}
