// The station's clock: every listener of a catalog station hears the same position of the track
// now playing. The server's clock is read against ours at each tune-in (ClockSync: the quickest
// of the last few round trips wins, so one tune-in answered slowly does not move a listener off
// the position a quick one found), and positions are counted on it, not on ours.
import { ClockSync } from "../../lib/clockSync";

/** A listener further than this from the shared position is moved to it once (seconds). */
export const DRIFT_TOLERANCE_S = 0.25;

export class StationClock {
  private readonly server = new ClockSync();

  constructor(private readonly now: () => number) {}

  /** A tune-in asked at `sentAt` and answered at `receivedAt` (ours) said the server's time was `serverTime`. */
  sync(sentAt: number, receivedAt: number, serverTime: string) {
    this.server.add(sentAt, serverTime, receivedAt);
  }

  /** Seconds since `startedAt` (an instant on the server's clock). */
  secondsSince(startedAt: string): number {
    return (this.server.serverNow(this.now()) - Date.parse(startedAt)) / 1000;
  }

  /** Seconds until `endsAt` (an instant on the server's clock). */
  secondsUntil(endsAt: string): number {
    return (Date.parse(endsAt) - this.server.serverNow(this.now())) / 1000;
  }
}
