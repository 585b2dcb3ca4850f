// /check-in (decisions 027 and 055): door staff and administrators pick an event, then read tickets
// and VIP passes with the phone's camera or type their codes, and see who is in. Everyone else sees a refusal (the
// Worker refuses them too: 401 / 403 door_staff_required).
import { useQuery } from "@tanstack/react-query";
import { useId, useRef, useState, type FormEvent } from "react";
import { useIntl, type MessageDescriptor } from "react-intl";
import { EmptyState } from "../../components/EmptyState";
import { Icon } from "../../components/Icon";
import { Loading } from "../../components/Loading";
import { QueryState } from "../../components/QueryState";
import { ApiRequestError } from "../../lib/api";
import { useSessionUser } from "../../lib/session/useSession";
import { PASS_CODE_INPUT_MAX, type CheckInEvent, type CheckInResponse } from "#contracts/tickets/vip-pass.ts";
import { CheckInList } from "./CheckInList";
import CheckInMessages from "./messages?feature";
import { checkInMessages as m } from "./messages";
import { checkInEventsQueryOptions, isRefusal, useCheckIn, type PassRead } from "./queries";
import { ResultPanel } from "./ResultPanel";
import { Scanner } from "./Scanner";
import "./check-in.css";

/** The same QR code seen again this soon is the pass still in front of the camera, not a new read. */
const SAME_READ_MS = 5000;

export function CheckInPage() {
  return (
    <CheckInMessages>
      <CheckInScreen />
    </CheckInMessages>
  );
}

function CheckInScreen() {
  const intl = useIntl();
  const { user, isPending } = useSessionUser();
  const allowed = Boolean(user && (user.isDoorStaff || user.isAdmin));
  const events = useQuery({ ...checkInEventsQueryOptions(), enabled: allowed });

  let body;
  if (isPending) body = <Loading label={intl.formatMessage(m.eventsLoading)} />;
  else if (!allowed || isRefusal(events.error)) body = <Refusal />;
  else
    body = (
      <QueryState
        query={events}
        loading={intl.formatMessage(m.eventsLoading)}
        failed={intl.formatMessage(m.eventsLoadFailed)}
        retry={intl.formatMessage(m.retry)}
      >
        {(data) =>
          data.events.length === 0 ? (
            <EmptyState icon="calendar" title={intl.formatMessage(m.eventsEmpty)} hint={intl.formatMessage(m.eventsEmptyHint)} />
          ) : (
            <Door events={data.events} />
          )
        }
      </QueryState>
    );

  return (
    <section className="page check-in-page">
      <header className="page-head">
        <h1>{intl.formatMessage(m.title)}</h1>
        {allowed && <p className="page-intro">{intl.formatMessage(m.intro)}</p>}
      </header>
      {body}
    </section>
  );
}

function Refusal() {
  const intl = useIntl();
  const titleId = useId();
  return (
    <div className="gate card" role="region" aria-labelledby={titleId} data-testid="check-in-refused">
      <Icon name="lock" size={40} className="gate-icon" />
      <h2 id={titleId}>{intl.formatMessage(m.refusedTitle)}</h2>
      <p className="muted">{intl.formatMessage(m.refusedBody)}</p>
    </div>
  );
}

const PHASES = [
  ["live", m.eventLive],
  ["upcoming", m.eventUpcoming],
  ["past", m.eventPast],
] as const satisfies readonly (readonly [CheckInEvent["phase"], MessageDescriptor])[];

/** What a failed read says, by the Worker's answer. */
function failureOf(error: unknown): MessageDescriptor {
  if (error instanceof ApiRequestError && error.status === 429) return m.resultRateLimited;
  if (error instanceof ApiRequestError && error.code === "event_not_found") return m.resultEventGone;
  return m.resultFailed;
}

function Door({ events }: { events: CheckInEvent[] }) {
  const intl = useIntl();
  const eventFieldId = useId();
  const codeId = useId();
  const codeHintId = useId();
  const codeErrorId = useId();
  const scanTitleId = useId();
  const codeTitleId = useId();
  // The first event (live or soonest) when the page opened, until another is picked: an event
  // published meanwhile that sorts first (the list is fetched again after each read) does not take
  // its place while the staff are reading passes. One that left the list falls back to the first.
  const [chosen, setChosen] = useState(() => events[0]!.id);
  const eventId = events.some((e) => e.id === chosen) ? chosen : events[0]!.id;
  const [code, setCode] = useState("");
  const [codeMissing, setCodeMissing] = useState(false);
  // What the last read said, and at which event: another event starts with a clean slate.
  const [last, setLast] = useState<{ eventId: string; answer: CheckInResponse | null; failure: MessageDescriptor | null } | null>(null);
  const answer = last?.eventId === eventId ? last.answer : null;
  const failure = last?.eventId === eventId ? last.failure : null;
  const lastRead = useRef<{ text: string; at: number } | null>(null);
  const check = useCheckIn();

  const read = (pass: PassRead, after?: () => void) => {
    setLast((previous) => (previous ? { ...previous, failure: null } : null));
    check.mutate(pass, {
      onSuccess: (next) => {
        setLast({ eventId: pass.eventId, answer: next, failure: null });
        after?.();
      },
      onError: (error) => setLast({ eventId: pass.eventId, answer: null, failure: failureOf(error) }),
    });
  };

  const onScan = (text: string) => {
    const now = Date.now();
    if (check.isPending || (lastRead.current?.text === text && now - lastRead.current.at < SAME_READ_MS)) return;
    lastRead.current = { text, at: now };
    read({ eventId, token: text });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    setCodeMissing(!typed);
    if (!typed) return;
    read({ eventId, code: typed }, () => setCode(""));
  };

  return (
    <div className="check-in-door">
      <div className="field check-in-event">
        <label htmlFor={eventFieldId}>{intl.formatMessage(m.eventLabel)}</label>
        <select id={eventFieldId} value={eventId} onChange={(e) => setChosen(e.target.value)}>
          {PHASES.map(([phase, label]) => {
            const group = events.filter((e) => e.phase === phase);
            return group.length === 0 ? null : (
              <optgroup key={phase} label={intl.formatMessage(label)}>
                {group.map((e) => (
                  <option key={e.id} value={e.id}>
                    {intl.formatMessage(m.eventOption, {
                      title: e.title,
                      date: intl.formatDate(e.eventDate, { dateStyle: "medium", timeStyle: "short", timeZone: e.timeZone }),
                    })}
                  </option>
                ))}
              </optgroup>
            );
          })}
        </select>
      </div>

      <div className="check-in-answer" aria-live="polite">
        {answer && <ResultPanel answer={answer} />}
        {failure && (
          <p className="error-banner" role="alert">
            {intl.formatMessage(failure)}
          </p>
        )}
      </div>

      <div className="check-in-readers">
        <section className="card check-in-reader" aria-labelledby={scanTitleId}>
          <h2 id={scanTitleId}>{intl.formatMessage(m.scanTitle)}</h2>
          <Scanner paused={check.isPending} onRead={onScan} />
        </section>

        <section className="card check-in-reader" aria-labelledby={codeTitleId}>
          <h2 id={codeTitleId}>{intl.formatMessage(m.codeTitle)}</h2>
          <form className="check-in-code" onSubmit={onSubmit} noValidate>
            <div className="field">
              <label htmlFor={codeId}>{intl.formatMessage(m.codeLabel)}</label>
              <input
                id={codeId}
                value={code}
                onChange={(e) => {
                  setCode(e.target.value);
                  setCodeMissing(false);
                }}
                // A ticket's code has letters (TKT-7K3M-9QXD), a pass's only digits.
                inputMode="text"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={PASS_CODE_INPUT_MAX}
                placeholder="TKT-7K3M-9QXD"
                aria-describedby={codeMissing ? `${codeHintId} ${codeErrorId}` : codeHintId}
                aria-invalid={codeMissing || undefined}
              />
              <p id={codeHintId} className="field-hint">
                {intl.formatMessage(m.codeHint)}
              </p>
              {codeMissing && (
                <p id={codeErrorId} className="field-error">
                  {intl.formatMessage(m.codeRequired)}
                </p>
              )}
            </div>
            <button type="submit" className="btn btn-primary" disabled={check.isPending}>
              {intl.formatMessage(check.isPending ? m.codeChecking : m.codeSubmit)}
            </button>
          </form>
        </section>
      </div>

      <CheckInList eventId={eventId} />
    </div>
  );
}
