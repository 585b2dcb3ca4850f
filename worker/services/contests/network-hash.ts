// The network a vote came from, for the fair-play section's groups (decision 196): a keyed hash of
// the address's /24 (IPv4) or /48 (IPv6), so votes from one household, office or server farm share
// it while the address itself is never stored. The key is derived from the session secret with a
// label of its own, so the hash cannot be matched against anything else the Worker signs.
const encoder = new TextEncoder();

/** The /24 of an IPv4 address or the /48 of an IPv6 one, as text; null for anything else. */
export function networkPrefix(ip: string): string | null {
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(ip);
  if (v4) return v4.slice(1).every((part) => Number(part) <= 255) ? `${Number(v4[1])}.${Number(v4[2])}.${Number(v4[3])}.0/24` : null;
  if (!ip.includes(":") || !/^[0-9a-f:.]+$/i.test(ip)) return null;
  const [head, tail, ...rest] = ip.toLowerCase().split("::");
  if (rest.length > 0) return null;
  const front = head ? head.split(":") : [];
  const back = tail ? tail.split(":") : [];
  // An IPv4-mapped tail ("::ffff:1.2.3.4") takes two groups; the first three groups are all the prefix needs.
  const width = (groups: string[]) => groups.reduce((n, g) => n + (g.includes(".") ? 2 : 1), 0);
  const missing = tail === undefined ? 0 : 8 - width(front) - width(back);
  if (missing < 0 || (tail === undefined && width(front) !== 8)) return null;
  const groups = [...front, ...Array<string>(missing).fill("0"), ...back];
  const first = groups.slice(0, 3);
  if (!first.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return `${first.map((g) => parseInt(g, 16).toString(16)).join(":")}::/48`;
}

/** HMAC-SHA-256 of the address's network under a key derived from the secret, hex; null without a usable address. */
export async function networkHash(secret: string, ip: string | undefined): Promise<string | null> {
  const prefix = ip ? networkPrefix(ip.trim()) : null;
  if (!prefix) return null;
  const key = await crypto.subtle.importKey("raw", encoder.encode(`contest-vote-network|${secret}`), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, encoder.encode(prefix));
  return [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
