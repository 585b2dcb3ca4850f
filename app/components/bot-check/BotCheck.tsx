// The bot check on a visitor's form (decision 090), shown inside the form. Live: Cloudflare
// Turnstile, its script loaded only once a form with a check is on screen, rendered with the site
// key, the form's action and the page's language; its managed check mostly passes with no
// interaction, and the form's own fields and button never wait on it (the Worker refuses a submit
// without a token, and the form says so). Local: the local verifier's token, fetched at once and
// shown as a one-line note, so nobody is ever asked to do anything.
import { useEffect, useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { BOT_CHECK_TOKEN_TTL_MS, type BotCheckAction, type LocalBotCheckTokenResponse } from "#contracts/bot-check.ts";
import { api } from "../../lib/api";
import { useSiteConfig } from "../../lib/session/useSession";
import { botCheckMessages } from "./messages";
import { BotCheckToken } from "./token";
import "./bot-check.css";

export { botCheckErrorText, botCheckHeaders, type BotCheckToken } from "./token";

/** A form's token holder, kept for the form's life. */
export function useBotCheck(action: BotCheckAction): BotCheckToken {
  const [check] = useState(() => new BotCheckToken(action));
  // Known before the widget shows (the news box shows it on first use, the submit may come first).
  const mode = useSiteConfig()?.botCheck?.mode ?? null;
  useEffect(() => check.setMode(mode), [check, mode]);
  return check;
}

export function BotCheck({ check }: { check: BotCheckToken }) {
  const config = useSiteConfig()?.botCheck;
  if (config?.mode === "live") return <LiveBotCheck check={check} siteKey={config.siteKey} />;
  if (config?.mode === "local") return <LocalBotCheck check={check} />;
  return null;
}

function LocalBotCheck({ check }: { check: BotCheckToken }) {
  const [state, setState] = useState<"checking" | "passed" | "failed">("checking");
  useEffect(() => {
    let alive = true;
    let renew: ReturnType<typeof setTimeout> | undefined;
    const fetchToken = () => {
      clearTimeout(renew);
      api<LocalBotCheckTokenResponse>(`/api/dev/bot-check/${check.action}`).then(
        ({ token }) => {
          if (!alive) return;
          check.put(token);
          setState("passed");
          // A form left open longer than a token lives gets a new one before the old expires.
          renew = setTimeout(fetchToken, BOT_CHECK_TOKEN_TTL_MS - 60_000);
        },
        () => alive && setState("failed"),
      );
    };
    check.setNext(fetchToken);
    fetchToken();
    return () => {
      alive = false;
      clearTimeout(renew);
      check.setNext(null);
    };
  }, [check]);
  const message = state === "passed" ? botCheckMessages.localPassed : state === "failed" ? botCheckMessages.localFailed : botCheckMessages.localChecking;
  return (
    <p className="bot-check-note muted" data-state={state}>
      <FormattedMessage {...message} />
    </p>
  );
}

type Turnstile = {
  render(element: HTMLElement, options: Record<string, unknown>): string | undefined;
  reset(widgetId: string): void;
  remove(widgetId: string): void;
};
declare global {
  interface Window {
    turnstile?: Turnstile;
  }
}

const TURNSTILE_SCRIPT = "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit";
let loading: Promise<Turnstile> | null = null;

/** Turnstile's script, added once to the page the first time a form with a check shows. */
function loadTurnstile(): Promise<Turnstile> {
  if (window.turnstile) return Promise.resolve(window.turnstile);
  loading ??= new Promise<Turnstile>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = TURNSTILE_SCRIPT;
    script.async = true;
    script.onload = () => (window.turnstile ? resolve(window.turnstile) : reject(new Error("Turnstile did not start")));
    script.onerror = () => {
      loading = null; // the next form tries again
      script.remove();
      reject(new Error("Turnstile's script did not load"));
    };
    document.head.append(script);
  });
  return loading;
}

function LiveBotCheck({ check, siteKey }: { check: BotCheckToken; siteKey: string }) {
  const { locale, formatMessage } = useIntl();
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let alive = true;
    let widget: string | undefined;
    loadTurnstile().then(
      (turnstile) => {
        if (!alive || !box.current) return;
        widget = turnstile.render(box.current, {
          sitekey: siteKey,
          action: check.action,
          language: locale,
          // The token goes in the request's header, not in a hidden form field.
          "response-field": false,
          callback: (token: string) => {
            setFailed(false);
            check.put(token);
          },
          "expired-callback": () => check.put(null),
          "error-callback": () => {
            check.put(null);
            setFailed(true);
          },
        });
        check.setNext(() => widget !== undefined && turnstile.reset(widget));
      },
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
      check.setNext(null);
      if (widget !== undefined) window.turnstile?.remove(widget);
    };
  }, [check, siteKey, locale]);
  return (
    <div className="bot-check" role="group" aria-label={formatMessage(botCheckMessages.liveLabel)}>
      <div ref={box} />
      {failed && (
        <p className="form-hint">
          <FormattedMessage {...botCheckMessages.liveFailed} />
        </p>
      )}
    </div>
  );
}
