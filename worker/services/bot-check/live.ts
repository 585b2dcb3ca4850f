// Turnstile's Siteverify (decision 090): the token the widget gave the browser, checked by
// Cloudflare against the secret key. A pass must also name the form's action and this site's host
// name, so a token solved on another form or another site is refused.

export const SITEVERIFY_URL = "https://challenges.cloudflare.com/turnstile/v0/siteverify";

/** What a check comes to: let the form through, refuse it (403), or say it cannot be checked now (503). */
export type BotCheckOutcome = "passed" | "refused" | "unavailable";

type Transport = (url: string, init: RequestInit) => Promise<Response>;

export type SiteverifyInput = { secret: string; token: string; ip: string | null; action: string; hostname: string };
/** `url` and `fetch` stand in for Cloudflare's in tests (a fake Siteverify on 127.0.0.1). */
export type SiteverifyOptions = { url?: string; fetch?: Transport; timeoutMs?: number };

type SiteverifyAnswer = { success?: boolean; action?: string; hostname?: string; "error-codes"?: string[] };

/** Turnstile's tokens are at most 2048 characters; anything longer is not one. */
const MAX_TOKEN_LENGTH = 2048;
const ATTEMPTS = 2;

export async function siteverify(input: SiteverifyInput, options: SiteverifyOptions = {}): Promise<BotCheckOutcome> {
  if (input.token === "" || input.token.length > MAX_TOKEN_LENGTH) return "refused";
  const transport = options.fetch ?? ((url, init) => fetch(url, init));
  const form = new URLSearchParams({ secret: input.secret, response: input.token });
  if (input.ip) form.set("remoteip", input.ip);
  // The same key on the retry: Siteverify answers a repeated check of one token by it instead of
  // calling the token spent.
  form.set("idempotency_key", crypto.randomUUID());
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    let answer: SiteverifyAnswer;
    try {
      const res = await transport(options.url ?? SITEVERIFY_URL, { method: "POST", body: form, signal: AbortSignal.timeout(options.timeoutMs ?? 5_000) });
      if (res.status >= 500) continue;
      if (!res.ok) return "unavailable";
      answer = await res.json();
    } catch {
      continue;
    }
    if (answer["error-codes"]?.includes("internal-error")) continue;
    return answer.success === true && answer.action === input.action && answer.hostname === input.hostname ? "passed" : "refused";
  }
  return "unavailable";
}
