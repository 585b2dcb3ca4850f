// One perk: its picture, title, description and window, and what the viewer can do with it:
// reveal it (then the code with a copy button, and the link), or, when it is not theirs, the
// teaser's way in (sign in, or become VIP). A perk for a tier above VIP names it ("Inner Circle
// and above", decision 104). The reveal's result is announced (aria-live).
import { useState } from "react";
import { Link } from "@tanstack/react-router";
import { useIntl } from "react-intl";
import type { PerkRevealResponse, PublicPerk } from "#contracts/perks.ts";
import { PERK_ERROR_CODES } from "#contracts/perk-limits.ts";
import { ApiRequestError } from "../../lib/api";
import { focusOnMount } from "../../lib/focusOnMount";
import { useViewerZone } from "../../lib/useViewerZone";
import { minTierMessage, tierNameIn } from "../../lib/tiers/tierGate";
import { perksMessages as m } from "./messages";
import { useRevealPerk } from "./queries";

const dateFormat: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" };

/** The same date and time, with the zone named (dateStyle cannot be combined with a zone's name). */
const endsInZone: Intl.DateTimeFormatOptions = { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" };

/** `first`: the page's first card, whose picture is the largest thing above the fold (fetched at once). */
export function PerkCard({ perk, signedIn, first = false }: { perk: PublicPerk; signedIn: boolean; first?: boolean }) {
  const intl = useIntl();
  // A perk's end: in UTC (and said so) as the Worker renders it, then in the reader's zone.
  const zone = useViewerZone("UTC");
  const titleId = `perk-${perk.id}-title`;
  return (
    <article className="perk-card card" aria-labelledby={titleId} data-locked={perk.locked || undefined}>
      <div className="perk-picture">
        {perk.pictureUrl ? (
          <img
            src={perk.pictureUrl}
            alt=""
            width={400}
            height={400}
            loading={first ? "eager" : "lazy"}
            fetchPriority={first ? "high" : "auto"}
            decoding={first ? "auto" : "async"}
          />
        ) : (
          <span className="perk-picture-empty" aria-hidden="true" />
        )}
      </div>
      <div className="perk-main">
        <p className="perk-badges">
          <span className={perk.audience === "vip" ? "badge badge-vip" : "badge"}>
            {perk.minTier
              ? intl.formatMessage(minTierMessage, { tier: tierNameIn(intl, perk.minTier) })
              : intl.formatMessage(perk.audience === "vip" ? m.badgeVip : m.badgeMembers)}
          </span>
        </p>
        <h2 id={titleId} className="perk-title">
          {perk.title}
        </h2>
        <p className="perk-description">{perk.description}</p>
        <p className="muted perk-window">
          {intl.formatMessage(m.ends, { date: intl.formatDate(perk.endsAt, zone ? { ...endsInZone, timeZone: zone } : dateFormat) })}
        </p>
      </div>
      <div className="perk-actions">{perk.locked ? <Teaser perk={perk} signedIn={signedIn} /> : <Reveal perk={perk} />}</div>
    </article>
  );
}

function Teaser({ perk, signedIn }: { perk: PublicPerk; signedIn: boolean }) {
  const intl = useIntl();
  if (!signedIn) {
    return (
      <Link to="/social/login" className="btn btn-ghost">
        {intl.formatMessage(m.lockedSignIn)}
      </Link>
    );
  }
  return (
    <>
      <p className="muted">{intl.formatMessage(m.lockedVip)}</p>
      <Link to="/vip-signup" className="btn btn-primary" aria-describedby={`perk-${perk.id}-title`}>
        {intl.formatMessage(m.becomeVip)}
      </Link>
    </>
  );
}

function failureText(err: unknown) {
  if (err instanceof ApiRequestError && err.code === PERK_ERROR_CODES.codesGone) return m.codesGone;
  if (err instanceof ApiRequestError && err.code === PERK_ERROR_CODES.notLive) return m.notLive;
  return m.revealFailed;
}

function Reveal({ perk }: { perk: PublicPerk }) {
  const intl = useIntl();
  const reveal = useRevealPerk(perk.id);
  const revealed = reveal.data;
  const label = perk.revealedAt ? (perk.hasCode ? m.revealAgain : m.revealAgainLink) : perk.hasCode ? m.revealCode : m.revealLink;

  return (
    <>
      {!revealed &&
        (perk.codesGone ? (
          <p className="perk-gone">{intl.formatMessage(m.codesGone)}</p>
        ) : (
          <button
            type="button"
            className="btn btn-primary"
            disabled={reveal.isPending}
            aria-describedby={`perk-${perk.id}-title`}
            onClick={() => reveal.mutate()}
          >
            {intl.formatMessage(reveal.isPending ? m.revealBusy : label)}
          </button>
        ))}
      <div aria-live="polite" className="perk-result">
        {revealed && <Revealed result={revealed} />}
        {reveal.isError && (
          <p className="field-error" role="alert">
            {intl.formatMessage(failureText(reveal.error))}
          </p>
        )}
      </div>
    </>
  );
}

function Revealed({ result }: { result: PerkRevealResponse }) {
  const intl = useIntl();
  const [copied, setCopied] = useState(false);
  const copy = async (code: string) => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
    } catch {
      setCopied(false); // no clipboard access: the code stays on screen to select by hand
    }
  };
  return (
    // The Reveal button gives way to this: focus moves here so a keyboard user is not left on nothing.
    <div className="perk-revealed" tabIndex={-1} ref={focusOnMount}>
      {result.code ? (
        <div className="perk-code">
          <span className="perk-code-label">{intl.formatMessage(m.codeLabel)}</span>
          <code data-testid="perk-code">{result.code}</code>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void copy(result.code!)}>
            {intl.formatMessage(copied ? m.copied : m.copy)}
          </button>
        </div>
      ) : (
        <p>{intl.formatMessage(m.noCode)}</p>
      )}
      {result.link &&
        // A page of this site (the store) opens here; another site in a new tab.
        (result.link.startsWith("/") ? (
          <a className="btn btn-ghost" href={result.link}>
            {intl.formatMessage(m.openLink)}
          </a>
        ) : (
          <a className="btn btn-ghost" href={result.link} target="_blank" rel="noopener noreferrer">
            {intl.formatMessage(m.openLink)} <span className="sr-only">{intl.formatMessage(m.newTab)}</span>
          </a>
        ))}
      <p className="muted perk-when">{intl.formatMessage(m.revealedOn, { date: intl.formatDate(result.revealedAt, dateFormat) })}</p>
    </div>
  );
}
