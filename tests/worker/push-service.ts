// A fake push service (FCM, Mozilla autopush, Apple) for the Worker tests, which run in the queue
// consumer's isolate and have no network. tests/worker/setup.ts makes it the consumer's transport
// (pushTransport.fetch in worker/services/notifications) for every file, so no Worker test can
// reach a real push service: a request for an endpoint it does not know is answered 201 and
// recorded, nothing more.
//
// For the subscriptions it makes (subscribe(), keys generated with Web Crypto as a browser's
// pushManager.subscribe does), it checks what a real service checks (TTL, Content-Encoding, the
// RFC 8292 VAPID JWT: ES256 signature against k, aud = the endpoint's origin) and, unlike a real
// one, DECRYPTS the body as the browser would: with the subscription's private key and auth
// secret through http_ece (it runs in workerd under nodejs_compat), an RFC 8291 implementation
// independent of the sender's @block65/webcrypto-web-push. The Node twin of this is
// tests/node/support/fake-push-server.ts.
import { Buffer } from "node:buffer";
import { createECDH, type ECDH } from "node:crypto";
import { decrypt } from "http_ece";

/** PushSubscription.toJSON() as a browser gives it, the body of POST /api/notifications/push. */
export type BrowserSubscription = { endpoint: string; keys: { p256dh: string; auth: string } };

export type ReceivedPush = {
  endpoint: string;
  /** Lower-case header names. */
  headers: Record<string, string>;
  /** The VAPID JWT's claims, after its signature verified against `k`. */
  jwt: { aud: string; exp: number; sub: string };
  /** What http_ece recovered from the body. */
  plaintext: string;
};

/** Every request, with the status it was answered and, for a refusal, why. */
export type PushRequest = { endpoint: string; status: number; reason?: string };

type Keys = { ecdh: ECDH; auth: Buffer; applicationServerKey: string };

const DAY_SECONDS = 24 * 60 * 60;

class Refusal extends Error {
  constructor(
    readonly status: number,
    reason: string,
  ) {
    super(reason);
  }
}

const b64url = (text: string) => Buffer.from(text, "base64url");

/** RFC 8292 §3: `vapid t=<JWT>, k=<P-256 point>`, the JWT ES256-signed by k's key, aud the endpoint's origin. */
async function checkVapid(header: string | null, endpoint: string, expectedKey: string): Promise<ReceivedPush["jwt"]> {
  const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+),\s*k=([\w-]+)$/.exec(header ?? "");
  if (!match) throw new Refusal(401, `Authorization is not "vapid t=…, k=…": ${header ?? "(none)"}`);
  const [, head = "", claims = "", signature = "", k = ""] = match;
  if (k !== expectedKey) throw new Refusal(403, "k is not the applicationServerKey the subscription was made with");
  if (JSON.parse(b64url(head).toString("utf8")).alg !== "ES256") throw new Refusal(401, "JWT alg is not ES256");
  const key = await crypto.subtle.importKey("raw", b64url(k), { name: "ECDSA", namedCurve: "P-256" }, false, ["verify"]);
  const signed = new TextEncoder().encode(`${head}.${claims}`);
  if (!(await crypto.subtle.verify({ name: "ECDSA", hash: "SHA-256" }, key, b64url(signature), signed))) {
    throw new Refusal(401, "JWT signature does not verify against k");
  }
  const jwt = JSON.parse(b64url(claims).toString("utf8")) as Partial<ReceivedPush["jwt"]>;
  const origin = new URL(endpoint).origin;
  if (jwt.aud !== origin) throw new Refusal(401, `JWT aud is ${jwt.aud}, not ${origin}`);
  const now = Math.floor(Date.now() / 1000);
  if (typeof jwt.exp !== "number" || jwt.exp <= now || jwt.exp > now + DAY_SECONDS) throw new Refusal(401, `JWT exp ${jwt.exp} is not within 24 h`);
  if (typeof jwt.sub !== "string" || !/^(mailto:|https:)/.test(jwt.sub)) throw new Refusal(401, `JWT sub ${jwt.sub} is not a mailto: or https: URL`);
  return { aud: jwt.aud, exp: jwt.exp, sub: jwt.sub };
}

export function createPushService() {
  const keys = new Map<string, Keys>();
  const statuses = new Map<string, number>();
  const requests: PushRequest[] = [];
  const received: ReceivedPush[] = [];

  async function handle(req: Request): Promise<Response> {
    const endpoint = req.url;
    const refuse = (status: number, reason: string) => {
      requests.push({ endpoint, status, reason });
      return new Response(reason, { status });
    };
    const answer = statuses.get(endpoint);
    if (answer !== undefined) {
      requests.push({ endpoint, status: answer });
      return new Response(null, { status: answer });
    }
    const sub = keys.get(endpoint);
    if (!sub) {
      requests.push({ endpoint, status: 201 });
      return new Response(null, { status: 201 });
    }
    try {
      if (req.method !== "POST") throw new Refusal(405, `method ${req.method}`);
      const headers = Object.fromEntries(req.headers);
      if (!/^\d+$/.test(headers.ttl ?? "")) throw new Refusal(400, `TTL header missing or invalid: ${headers.ttl}`);
      if (headers["content-encoding"] !== "aes128gcm") throw new Refusal(400, `Content-Encoding is ${headers["content-encoding"]}, not aes128gcm`);
      const body = Buffer.from(await req.arrayBuffer());
      if (body.length > 4096) throw new Refusal(413, `body is ${body.length} bytes`);
      const jwt = await checkVapid(req.headers.get("authorization"), endpoint, sub.applicationServerKey);
      let plaintext: string;
      try {
        plaintext = decrypt(body, { version: "aes128gcm", privateKey: sub.ecdh, authSecret: sub.auth }).toString("utf8");
      } catch (err) {
        throw new Refusal(400, `does not decrypt: ${(err as Error).message}`);
      }
      received.push({ endpoint, headers, jwt, plaintext });
      requests.push({ endpoint, status: 201 });
      return new Response(null, { status: 201 });
    } catch (err) {
      if (err instanceof Refusal) return refuse(err.status, err.message);
      return refuse(500, String(err));
    }
  }

  return {
    /** The transport: a fetch that never leaves the isolate. */
    fetch: ((input: RequestInfo | URL, init?: RequestInit) => handle(new Request(input, init))) as typeof fetch,

    /**
     * A new subscription made like a browser's: an ECDH P-256 pair from Web Crypto and 16 random
     * auth bytes, bound to `applicationServerKey`. The service keeps the private key to decrypt.
     */
    async subscribe(applicationServerKey: string, origin = "https://updates.push.services.mozilla.com"): Promise<BrowserSubscription> {
      const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"])) as CryptoKeyPair;
      const publicKey = Buffer.from((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer);
      const { d } = (await crypto.subtle.exportKey("jwk", pair.privateKey)) as JsonWebKey;
      // http_ece takes a node:crypto ECDH: the same private scalar, handed over.
      const ecdh = createECDH("prime256v1");
      ecdh.setPrivateKey(b64url(d!));
      if (!ecdh.getPublicKey().equals(publicKey)) throw new Error("push service: the ECDH key did not carry over");
      const auth = Buffer.from(crypto.getRandomValues(new Uint8Array(16)));
      const endpoint = `${origin}/wpush/v2/${crypto.randomUUID()}`;
      keys.set(endpoint, { ecdh, auth, applicationServerKey });
      return { endpoint, keys: { p256dh: publicKey.toString("base64url"), auth: auth.toString("base64url") } };
    },

    /** Makes pushes to `endpoint` answer `status` (404/410: the subscription expired; 500: an outage). */
    answer(endpoint: string, status: number) {
      statuses.set(endpoint, status);
    },

    /** Every request to `endpoint`, in order, with the status answered. */
    requestsTo: (endpoint: string) => requests.filter((r) => r.endpoint === endpoint),
    /** The pushes to `endpoint` that verified and decrypted. */
    receivedAt: (endpoint: string) => received.filter((r) => r.endpoint === endpoint),
    /** Requests refused for a bad VAPID header, bad headers or a body that does not decrypt. */
    refused: () => requests.filter((r) => r.reason !== undefined),

    reset() {
      keys.clear();
      statuses.clear();
      requests.length = 0;
      received.length = 0;
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;

/** The one service every Worker test file shares (setup.ts installs and resets it). */
export const pushService = createPushService();
