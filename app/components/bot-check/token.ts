// One form's bot check token (decision 090). The widget puts tokens in (the local verifier's, or
// Turnstile's once its check passes); the form takes one per submit. Each is used once: taking it
// asks the widget for the next (a new local token, Turnstile reset), so a refused submit is retried
// with a fresh one and the person does nothing more.
import { BOT_CHECK_HEADER, BOT_CHECK_TOKEN_TTL_MS, type BotCheckAction, type BotCheckConfig } from "#contracts/bot-check.ts";
import { hasCode } from "../../lib/forms/errorText";
import { formMessages } from "../../lib/forms/messages";

/** How long a submit waits for a token still coming (Turnstile solving, the local fetch). */
const WAIT_MS = 10_000;
/** A token older than this is not offered: it may expire on its way. */
const FRESH_MS = BOT_CHECK_TOKEN_TTL_MS - 30_000;

export class BotCheckToken {
  private held: { value: string; at: number } | null = null;
  private waiting: ((token: string | undefined) => void)[] = [];
  /** The site's mode, once its config is known: only a widget at work is waited for. */
  private mode: BotCheckConfig["mode"] | null = null;
  /** The widget's way to get the next token. */
  private next: () => void = () => undefined;

  constructor(readonly action: BotCheckAction) {}

  setMode(mode: BotCheckConfig["mode"] | null) {
    this.mode = mode;
  }

  /** The widget's: how to get the next token (none once it is gone). */
  setNext(next: (() => void) | null) {
    this.next = next ?? (() => undefined);
  }

  put(value: string | null) {
    this.held = value ? { value, at: Date.now() } : null;
    if (value) for (const resolve of this.waiting.splice(0)) resolve(value);
  }

  /** The token for one submit: the one held, or the next to come within a few seconds (none: the Worker refuses and says so). */
  async take(): Promise<string | undefined> {
    if (this.mode !== "local" && this.mode !== "live") return undefined;
    let value = this.held && Date.now() - this.held.at < FRESH_MS ? this.held.value : undefined;
    if (value === undefined) {
      value = await new Promise<string | undefined>((resolve) => {
        const finish = (token: string | undefined) => {
          clearTimeout(timer);
          this.waiting = this.waiting.filter((w) => w !== finish);
          resolve(token);
        };
        const timer = setTimeout(finish, WAIT_MS, undefined);
        this.waiting.push(finish);
      });
    }
    this.held = null;
    this.next();
    return value;
  }
}

/** The request header carrying a token, for api(): nothing without one. */
export const botCheckHeaders = (token: string | undefined): Record<string, string> => (token ? { [BOT_CHECK_HEADER]: token } : {});

/** The text for a bot check refusal, for forms that word their own errors. */
export function botCheckErrorText(error: unknown) {
  if (hasCode(error, "bot_check_failed")) return formMessages.botCheckRefused;
  if (hasCode(error, "bot_check_unavailable")) return formMessages.botCheckUnavailable;
  return undefined;
}
