// Which source live shows play (decision 113): Cloudflare Stream Live when its five secrets are set,
// else the Worker's own local HLS. Read without loading the Stream client (stream.ts), which the
// routes import on first use.
import type { AppEnv } from "../../env";
import type { LiveProvider } from "#contracts/live-limits.ts";

export type StreamConfig = {
  accountId: string;
  apiToken: string;
  customerCode: string;
  signingKeyId: string;
  /** The base64 JSON Web Key /stream/keys returned. */
  signingKeyJwk: string;
  apiBase: string;
};

const DEFAULT_API_BASE = "https://api.cloudflare.com/client/v4";

export function streamConfigOf(env: AppEnv): StreamConfig | null {
  const { STREAM_ACCOUNT_ID, STREAM_API_TOKEN, STREAM_CUSTOMER_CODE, STREAM_SIGNING_KEY_ID, STREAM_SIGNING_KEY_JWK } = env;
  if (!STREAM_ACCOUNT_ID || !STREAM_API_TOKEN || !STREAM_CUSTOMER_CODE || !STREAM_SIGNING_KEY_ID || !STREAM_SIGNING_KEY_JWK) return null;
  return {
    accountId: STREAM_ACCOUNT_ID,
    apiToken: STREAM_API_TOKEN,
    customerCode: STREAM_CUSTOMER_CODE,
    signingKeyId: STREAM_SIGNING_KEY_ID,
    signingKeyJwk: STREAM_SIGNING_KEY_JWK,
    apiBase: (env.STREAM_API_BASE || DEFAULT_API_BASE).replace(/\/+$/, ""),
  };
}

export const liveProviderOf = (env: AppEnv): LiveProvider => (streamConfigOf(env) ? "stream" : "local");
