// The VIP pass on the member's own profile (decision 027): their name, picture and "VIP member
// since", a QR code that changes every minute and, under it, the code a person can read out at the
// door. Nothing at all for members who are not VIP (the profile offers them Become VIP); the
// Worker refuses them a pass anyway (403 vip_required).
import { useQuery } from "@tanstack/react-query";
import { Component, lazy, Suspense, useEffect, useId, useState, type ReactNode } from "react";
import { useIntl } from "react-intl";
import { Avatar } from "../../components/Avatar";
import { Loading } from "../../components/Loading";
import { canUseVipContent, useSessionUser } from "../../lib/session/useSession";
import type { VipPassResponse } from "#contracts/tickets/vip-pass.ts";
import { PASS_TOKEN_GRACE_SECONDS } from "#contracts/tickets/vip-pass.ts";
import { passMessages as m } from "./messages";
import { FREE_TIER_ID, VIP_TIER_ID } from "#contracts/tiers/tiers.ts";
import { useTierName } from "../../lib/tiers/ladder";
import { vipPassQueryOptions } from "./queries";
import VipPassMessages from "./messages?feature";
import "./vip-pass.css";

// The QR encoder is a chunk of its own: only a VIP opening their own pass downloads it.
const QrSvg = lazy(() => import("../../components/QrSvg"));

export function VipPassCard() {
  const { user } = useSessionUser();
  if (!canUseVipContent(user)) return null;
  return (
    <VipPassMessages>
      <PassPanel tierId={user?.tier?.id ?? null} />
    </VipPassMessages>
  );
}

/** Seconds left in the pass's minute by the server's clock, ticking each second. */
function useSecondsLeft(pass: VipPassResponse | undefined, receivedAt: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (!pass) return null;
  const serverNow = Date.parse(pass.serverTime) + (now - receivedAt);
  return Math.ceil((Date.parse(pass.expiresAt) - serverNow) / 1000);
}

/** `tierId`: the member's tier, named in the title when it is one above VIP. */
function PassPanel({ tierId }: { tierId: string | null }) {
  const intl = useIntl();
  const tierName = useTierName(tierId && tierId !== VIP_TIER_ID && tierId !== FREE_TIER_ID ? tierId : null);
  const titleId = useId();
  const query = useQuery(vipPassQueryOptions());
  const pass = query.data;
  const secondsLeft = useSecondsLeft(pass, query.dataUpdatedAt);
  // Past the token's grace the code shown would be refused: it is hidden until the next one comes.
  const stale = secondsLeft !== null && secondsLeft < -PASS_TOKEN_GRACE_SECONDS;

  return (
    <section id="vip-pass" className="card vip-pass" aria-labelledby={titleId} data-testid="vip-pass">
      <h2 id={titleId}>{tierName ? intl.formatMessage(m.tierTitle, { tier: tierName }) : intl.formatMessage(m.title)}</h2>
      {query.isPending ? (
        <Loading label={intl.formatMessage(m.loading)} />
      ) : !pass || stale ? (
        query.isFetching ? (
          <Loading label={intl.formatMessage(m.refreshing)} />
        ) : (
          <div className="vip-pass-error">
            <p>{intl.formatMessage(m.loadFailed)}</p>
            <button type="button" className="btn btn-sm" onClick={() => void query.refetch()}>
              {intl.formatMessage(m.reload)}
            </button>
          </div>
        )
      ) : (
        <>
          <div className="vip-pass-member">
            <Avatar src={pass.member.avatarUrl} alt={intl.formatMessage(m.avatarAlt, { name: pass.member.name })} size={56} />
            <div>
              <p className="vip-pass-name">{pass.member.name}</p>
              <p className="muted">
                {pass.member.vipSince
                  ? intl.formatMessage(m.since, { date: intl.formatDate(pass.member.vipSince, { dateStyle: "long" }) })
                  : intl.formatMessage(m.adminNoVip)}
              </p>
            </div>
          </div>
          <p className="muted vip-pass-intro">{intl.formatMessage(m.intro)}</p>
          <div className="vip-pass-qr-wrap">
            <QrBoundary fallback={<p className="muted">{intl.formatMessage(m.qrFailed)}</p>}>
              <Suspense fallback={<Loading />}>
                <QrSvg key={pass.token} text={pass.token} label={intl.formatMessage(m.qrLabel)} className="vip-pass-qr" testId="vip-pass-qr" />
              </Suspense>
            </QrBoundary>
          </div>
          <p className="vip-pass-code-label">{intl.formatMessage(m.codeLabel)}</p>
          <p className="vip-pass-code" data-testid="vip-pass-code">
            {pass.code}
          </p>
          <p className="muted vip-pass-hint">{intl.formatMessage(m.codeHint)}</p>
          <p className="vip-pass-timer" aria-live="off">
            {secondsLeft !== null && secondsLeft > 0 ? intl.formatMessage(m.changesIn, { seconds: secondsLeft }) : intl.formatMessage(m.refreshing)}
          </p>
        </>
      )}
    </section>
  );
}

/** A QR chunk that fails to load (offline, a new deploy) leaves the typed code usable. */
class QrBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
