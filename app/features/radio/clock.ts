// The station's clock: every listener of a catalog station hears the same position of the track
// now playing. The server's clock is read against ours at each tune-in (its time taken as the
// midpoint of the round trip), and positions are counted on it, not on ours.

/** A listener further than this from the shared position is moved to it once (seconds). */
export const DRIFT_TOLERANCE_S = 0.25;

export class StationClock {
  /** Our clock minus the server's, from the last tune (ms). */
  private skewMs = 0;

  constructor(private readonly now: () => number) {}

  /** A tune-in asked at `sentAt` and answered at `receivedAt` (ours) said the server's time was `serverTime`. */
  sync(sentAt: number, receivedAt: number, serverTime: string) {
    this.skewMs = (sentAt + receivedAt) / 2 - Date.parse(serverTime);
  }

  /** Seconds since `startedAt` (an instant on the server's clock). */
  secondsSince(startedAt: string): number {
    return (this.now() - this.skewMs - Date.parse(startedAt)) / 1000;
  }

  /** Seconds until `endsAt` (an instant on the server's clock). */
  secondsUntil(endsAt: string): number {
    return (Date.parse(endsAt) - (this.now() - this.skewMs)) / 1000;
  }
}
