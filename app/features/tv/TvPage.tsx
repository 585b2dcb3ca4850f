// /tv (docs/features.md#radio-and-tv): the header, the player (VIP and admin; 'VIP Access Required' for everyone else,
// who are never sent a stream) and the public grid of channels. The chosen channel is in the URL
// (?channel=<id>) so it can be linked; without one (or with an unknown one) the first plays.
import { useQuery } from "@tanstack/react-query";
import { useMemo, useRef } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { EmptyState } from "../../components/EmptyState";
import { VipGatePanel } from "../../components/Gate";
import { Loading } from "../../components/Loading";
import { PageFrame } from "../../components/PageFrame";
import { QueryState } from "../../components/QueryState";
import { canUseVipContent, useSessionUser } from "../../lib/session/useSession";
import { ChannelGrid, ChannelGridSkeleton } from "./ChannelGrid";
import { tvMessages as m } from "./messages";
import { channelsQueryOptions } from "./queries";
import { TvPlayer } from "./TvPlayer";
import "../../components/player/controls.css";
import "./tv.css";
import TvMessages from "./messages?feature";

export function TvPage({ channelId, onChoose }: { channelId?: string; onChoose: (id: string) => void }) {
  return (
    <TvMessages>
      <TvPageContent channelId={channelId} onChoose={onChoose} />
    </TvMessages>
  );
}

function TvPageContent({ channelId, onChoose }: { channelId?: string; onChoose: (id: string) => void }) {
  const intl = useIntl();
  const query = useQuery(channelsQueryOptions(intl.locale));
  const { user, isPending: sessionPending } = useSessionUser();
  const vip = canUseVipContent(user);
  const screenRef = useRef<HTMLDivElement>(null);

  const channels = useMemo(() => [...(query.data?.channels ?? [])].sort((a, b) => a.position - b.position), [query.data]);
  const chosen = channels.find((c) => c.id === channelId) ?? channels[0] ?? null;

  const choose = (id: string) => {
    onChoose(id);
    // The grid is below the screen: when the screen is not in full view, bring it back (under the
    // sticky header, see .tv-screen's scroll margin). The focus stays on the card.
    const area = screenRef.current;
    const box = area?.querySelector(".tv-stage")?.getBoundingClientRect();
    const header = parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--header-h")) || 0;
    if (area && box && (box.top < header || box.bottom > window.innerHeight)) area.scrollIntoView?.({ block: "start" });
  };

  let screen;
  if (sessionPending) {
    screen = (
      <div className="tv-stage tv-stage-idle">
        <Loading label={intl.formatMessage(m.loadingPlayer)} />
      </div>
    );
  } else if (!vip) {
    // The gate sits in the screen's own box, so the page keeps its layout whoever is looking.
    screen = (
      <div className="tv-stage tv-stage-locked">
        <VipGatePanel className="tv-gate" />
      </div>
    );
  } else if (chosen) {
    screen = <TvPlayer channel={chosen} />;
  } else {
    // Channels still loading, failed or none: the screen's box holds its place.
    screen = <div className="tv-stage tv-stage-idle" aria-hidden="true" />;
  }

  return (
    <PageFrame
      title={<FormattedMessage id="pages.tv.title" defaultMessage="TV" />}
      intro={<FormattedMessage id="pages.tv.intro" defaultMessage="Music videos, live streams and behind-the-scenes footage." />}
    >
      <div className="tv-page">
        <div className="tv-screen" ref={screenRef}>
          {screen}
        </div>

        <section className="tv-channels" aria-labelledby="tv-channels-title">
          <h2 id="tv-channels-title">{intl.formatMessage(m.channels)}</h2>
          <QueryState query={query} placeholder={<ChannelGridSkeleton />} failed={intl.formatMessage(m.channelsFailed)} retry={intl.formatMessage(m.retry)}>
            {() =>
              channels.length === 0 ? (
                <EmptyState icon="video" title={intl.formatMessage(m.noChannels)} hint={intl.formatMessage(m.noChannelsHint)} />
              ) : (
                <ChannelGrid channels={channels} chosenId={chosen?.id ?? null} onChoose={choose} />
              )
            }
          </QueryState>
        </section>
      </div>
    </PageFrame>
  );
}
