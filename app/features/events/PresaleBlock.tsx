// An event card's VIP presale (decision 029). Before it: "VIP presale from {time}" for everyone.
// During it, VIP members and admins get "VIP presale — now until {time}" and a button that asks the
// Worker for their code (POST /api/events/:id/presale-code) and shows it with the ticket link;
// everyone else sees until when, when the general sale opens, and the way to VIP. Between the
// presale and the general sale: when the general sale opens. Times in the venue's zone, as the
// event's own. The state is the server's; the list is fetched again when it changes.
import { Link } from "@tanstack/react-router";
import { useMutation } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import type { PublicEvent } from "#contracts/events.ts";
import { PRESALE_ERROR_CODES, type PresaleCodeResponse, type PublicPresale } from "#contracts/presales.ts";
import { Icon } from "../../components/Icon";
import { api } from "../../lib/api";
import { hasCode } from "../../lib/forms/errorText";
import { canUseVipContent, useSessionUser } from "../../lib/session/useSession";
import { presaleMessages as m } from "./presale-messages";
import { presaleTime, useRefetchAtPresaleChange, webLink } from "./presale";

const askCode = (id: string) => api<PresaleCodeResponse>(`/api/events/${encodeURIComponent(id)}/presale-code`, { method: "POST" });

export function PresaleBlock({ event, presale }: { event: PublicEvent; presale: PublicPresale }) {
  const intl = useIntl();
  const { user } = useSessionUser();
  useRefetchAtPresaleChange(presale);
  const time = (iso: string) => presaleTime(iso, intl.locale, event.timeZone);

  let body;
  if (presale.state === "upcoming") body = <p className="event-presale-line">{intl.formatMessage(m.upcoming, { time: time(presale.startsAt) })}</p>;
  else if (presale.state === "closed") body = <p className="event-presale-line">{intl.formatMessage(m.closed, { time: time(presale.generalSaleAt) })}</p>;
  else if (canUseVipContent(user)) body = <VipPresale event={event} presale={presale} time={time} />;
  else {
    body = (
      <>
        <p className="event-presale-line">{intl.formatMessage(m.openOthers, { until: time(presale.endsAt), general: time(presale.generalSaleAt) })}</p>
        <Link to="/vip-signup" className="event-presale-vip">
          {intl.formatMessage(m.becomeVip)}
        </Link>
      </>
    );
  }
  return (
    <div className="event-presale" data-state={presale.state}>
      <Icon name="ticket" size={16} />
      <div className="event-presale-body">{body}</div>
    </div>
  );
}

function VipPresale({ event, presale, time }: { event: PublicEvent; presale: PublicPresale; time: (iso: string) => string }) {
  const intl = useIntl();
  const mutation = useMutation({ mutationFn: () => askCode(event.id) });
  const answer = mutation.data;
  const ticketUrl = webLink(answer?.ticketUrl ?? null);

  let problem: string | null = null;
  if (hasCode(mutation.error, PRESALE_ERROR_CODES.codesGone)) problem = intl.formatMessage(m.codesGone, { time: time(presale.generalSaleAt) });
  else if (hasCode(mutation.error, PRESALE_ERROR_CODES.notOpen)) problem = intl.formatMessage(m.notOpen);
  else if (mutation.error) problem = intl.formatMessage(m.failed);

  return (
    <>
      <p className="event-presale-line">{intl.formatMessage(m.openVip, { time: time(presale.endsAt) })}</p>
      {/* Announced when the code arrives. */}
      <div aria-live="polite">
        {answer ? (
          <div className="event-presale-reveal">
            <p className="event-presale-code-line">
              <span className="muted">{intl.formatMessage(m.code)}</span> <code className="event-presale-code">{answer.code}</code>
            </p>
            {ticketUrl && (
              <a
                className="btn btn-primary btn-sm event-presale-buy"
                href={ticketUrl}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={intl.formatMessage(m.buyLabel, { title: event.title })}
              >
                <Icon name="ticket" size={16} />
                {intl.formatMessage(m.buy)}
              </a>
            )}
          </div>
        ) : problem ? (
          <p className="error-banner event-presale-problem" role="alert">
            {problem}
          </p>
        ) : null}
      </div>
      {!answer && !hasCode(mutation.error, PRESALE_ERROR_CODES.codesGone) && (
        <button type="button" className="btn btn-sm event-presale-show" onClick={() => mutation.mutate()} disabled={mutation.isPending}>
          {intl.formatMessage(mutation.isPending ? m.showing : m.show)}
        </button>
      )}
    </>
  );
}
