// A fake push service (FCM, Mozilla autopush, Apple) on 127.0.0.1 for the live web push sender.
// It checks what a real one checks (RFC 8030 headers, the RFC 8292 VAPID JWT signed by the key the
// subscription was made with) and, unlike a real one, DECRYPTS the body as the browser would:
// with the subscription's private key and auth secret through http_ece, an implementation
// independent of the sender's library. Subscriptions are made like a browser's
// (pushManager.subscribe): an ECDH P-256 pair and 16 random auth bytes.
//
// The sender sends only to browser push services over https, so subscriptions carry
// https://fake-<port>.push.services.mozilla.com/push/<id> and `fetch` below sends them to this
// server over plain http.
import { createECDH, createPublicKey, randomBytes, randomUUID, verify, type ECDH } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { decrypt } from "http_ece";

export type FakeSubscription = { id: string; endpoint: string; p256dh: string; auth: string };

export type ReceivedPush = {
  id: string;
  headers: IncomingHttpHeaders;
  /** The VAPID JWT's claims, after its signature was verified against `k`. */
  jwt: { aud: string; exp: number; sub: string };
  /** `k` of the Authorization header: the application server's public key. */
  vapidKey: string;
  /** The encrypted body as sent, and the plaintext http_ece recovered from it. */
  body: Buffer;
  plaintext: string;
};

export type RejectedPush = { id: string; status: number; reason: string };

export type FakePushServer = {
  /** A push service's https origin (a Mozilla autopush host), the origin subscriptions' endpoints carry (and the JWT's aud). */
  origin: string;
  /** Sends requests for `origin` to the server over http; refuses any other URL. */
  fetch: typeof fetch;
  /** A new browser-like subscription, bound (like pushManager.subscribe) to applicationServerKey. */
  subscribe(applicationServerKey: string): FakeSubscription;
  /** Makes pushes to this subscription answer `status` (404/410: expired, 500: outage). */
  answer(id: string, status: number): void;
  received: ReceivedPush[];
  rejected: RejectedPush[];
  close(): Promise<void>;
};

type Subscription = { ecdh: ECDH; auth: Buffer; applicationServerKey: string; status: number };

const DAY_SECONDS = 24 * 60 * 60;
const URGENCIES = ["very-low", "low", "normal", "high"];

class Refusal extends Error {
  constructor(
    readonly status: number,
    reason: string,
  ) {
    super(reason);
  }
}

const b64url = (value: string) => Buffer.from(value, "base64url");

/** RFC 8292 §3: `vapid t=<JWT>, k=<base64url P-256 point>`, the JWT ES256-signed by k's key. */
function checkVapid(header: string | undefined, origin: string, expectedKey: string): { jwt: ReceivedPush["jwt"]; vapidKey: string } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(header ?? "");
  if (!match) throw new Refusal(401, `Authorization is not "vapid t=…, k=…": ${header ?? "(none)"}`);
  const [, token = "", vapidKey = ""] = match;
  if (vapidKey !== expectedKey) throw new Refusal(403, "k is not the applicationServerKey the subscription was made with");
  const point = b64url(vapidKey);
  if (point.length !== 65 || point[0] !== 0x04) throw new Refusal(401, "k is not an uncompressed P-256 point");
  const key = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: point.subarray(1, 33).toString("base64url"), y: point.subarray(33).toString("base64url") },
    format: "jwk",
  });
  const [head = "", claims = "", signature = ""] = token.split(".");
  const header_ = JSON.parse(b64url(head).toString("utf8")) as { alg?: string };
  if (header_.alg !== "ES256") throw new Refusal(401, `JWT alg is ${header_.alg}, not ES256`);
  if (!verify("sha256", Buffer.from(`${head}.${claims}`), { key, dsaEncoding: "ieee-p1363" }, b64url(signature))) {
    throw new Refusal(401, "JWT signature does not verify against k");
  }
  const jwt = JSON.parse(b64url(claims).toString("utf8")) as Partial<ReceivedPush["jwt"]>;
  if (jwt.aud !== origin) throw new Refusal(401, `JWT aud is ${jwt.aud}, not ${origin}`);
  const now = Math.floor(Date.now() / 1000);
  if (typeof jwt.exp !== "number" || jwt.exp <= now || jwt.exp > now + DAY_SECONDS) throw new Refusal(401, `JWT exp ${jwt.exp} is not within 24 h`);
  if (typeof jwt.sub !== "string" || !/^(mailto:|https:)/.test(jwt.sub)) throw new Refusal(401, `JWT sub ${jwt.sub} is not a mailto: or https: URL`);
  return { jwt: { aud: jwt.aud, exp: jwt.exp, sub: jwt.sub }, vapidKey };
}

/** RFC 8030 §5: TTL required, Urgency and Topic well-formed; RFC 8291: aes128gcm within 4096 octets. */
function checkHeaders(headers: IncomingHttpHeaders, body: Buffer) {
  const { ttl, urgency, topic } = headers;
  if (typeof ttl !== "string" || !/^\d+$/.test(ttl)) throw new Refusal(400, `TTL header missing or invalid: ${String(ttl)}`);
  if (urgency !== undefined && !(typeof urgency === "string" && URGENCIES.includes(urgency))) throw new Refusal(400, `bad Urgency ${String(urgency)}`);
  if (topic !== undefined && !(typeof topic === "string" && /^[\w-]{1,32}$/.test(topic))) throw new Refusal(400, `bad Topic ${String(topic)}`);
  if (headers["content-encoding"] !== "aes128gcm") throw new Refusal(400, `Content-Encoding is ${headers["content-encoding"]}, not aes128gcm`);
  if (body.length > 4096) throw new Refusal(413, `body is ${body.length} bytes`);
}

/** What the fake answers in the body of a push it does not accept: never to appear in a log. */
export const ANSWER_BODY = "private push service detail 7f3a";

export async function startFakePushServer(): Promise<FakePushServer> {
  const subscriptions = new Map<string, Subscription>();
  const received: ReceivedPush[] = [];
  const rejected: RejectedPush[] = [];
  let origin = "";

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? "")?.[1] ?? "";
      const sub = subscriptions.get(id);
      const body = Buffer.concat(chunks);
      try {
        if (req.method !== "POST" || !sub) throw new Refusal(404, `no subscription at ${req.method} ${req.url}`);
        if (sub.status !== 201) {
          // With a body and, for a 3xx, a Location on this server: a sender that follows it or
          // logs the answer's text shows up in `rejected` or in its log.
          const location = sub.status >= 300 && sub.status < 400 ? { location: `http://127.0.0.1:${port}/moved/${id}` } : {};
          res.writeHead(sub.status, { "content-type": "text/plain", ...location }).end(ANSWER_BODY);
          return;
        }
        const { jwt, vapidKey } = checkVapid(req.headers.authorization, origin, sub.applicationServerKey);
        checkHeaders(req.headers, body);
        let plaintext: string;
        try {
          plaintext = decrypt(body, { version: "aes128gcm", privateKey: sub.ecdh, authSecret: sub.auth }).toString("utf8");
        } catch (err) {
          throw new Refusal(400, `does not decrypt: ${(err as Error).message}`);
        }
        received.push({ id, headers: req.headers, jwt, vapidKey, body, plaintext });
        res.writeHead(201, { location: `${origin}/message/${randomUUID()}` }).end();
      } catch (err) {
        const status = err instanceof Refusal ? err.status : 500;
        rejected.push({ id, status, reason: (err as Error).message });
        res.writeHead(status, { "content-type": "text/plain" }).end((err as Error).message);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  // A push service host the sender allows; requests for it reach this server over plain http.
  origin = `https://fake-${port}.push.services.mozilla.com`;

  const fakeFetch: typeof fetch = (input, init) => {
    // The sender passes a URL string; a Request would carry its own body and headers, not handled here.
    if (input instanceof Request) return Promise.reject(new Error("fake push fetch takes a URL, not a Request"));
    const url = String(input);
    if (!url.startsWith(`${origin}/`)) return Promise.reject(new Error(`fake push fetch: ${url} is not ${origin}`));
    return fetch(`http://127.0.0.1:${port}${url.slice(origin.length)}`, init);
  };

  return {
    origin,
    fetch: fakeFetch,
    subscribe(applicationServerKey) {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = randomUUID();
      subscriptions.set(id, { ecdh, auth, applicationServerKey, status: 201 });
      return { id, endpoint: `${origin}/push/${id}`, p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") };
    },
    answer(id, status) {
      const sub = subscriptions.get(id);
      if (!sub) throw new Error(`fake push: no subscription ${id}`);
      sub.status = status;
    },
    received,
    rejected,
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}
