// The server's clock as seen from this browser, from round trips: each sample's offset is the
// server's time minus the midpoint of the request, and the sample with the shortest round trip
// among the last few wins (its error is at most half that round trip), so one slow answer on a busy
// network or device does not undo a quick one. The listening party and the radio share it.

/** The samples ClockSync chooses from. */
const SAMPLES_KEPT = 8;

type Sample = { offsetMs: number; rttMs: number };

/** The server's clock as seen from here: serverNow = localNow + offset. */
export class ClockSync {
  private samples: Sample[] = [];

  /** One round trip: sent and received on our clock, the server's time in between. */
  add(sentAt: number, serverTime: string | number, receivedAt: number) {
    const server = typeof serverTime === "number" ? serverTime : Date.parse(serverTime);
    if (Number.isNaN(server) || receivedAt < sentAt) return;
    this.samples.push({ offsetMs: server - (sentAt + receivedAt) / 2, rttMs: receivedAt - sentAt });
    if (this.samples.length > SAMPLES_KEPT) this.samples.shift();
  }

  get known() {
    return this.samples.length > 0;
  }

  /** The offset of the quickest round trip kept (0 before any). */
  offsetMs(): number {
    let best: Sample | null = null;
    for (const s of this.samples) if (!best || s.rttMs < best.rttMs) best = s;
    return best?.offsetMs ?? 0;
  }

  serverNow(localNow: number) {
    return localNow + this.offsetMs();
  }
}
