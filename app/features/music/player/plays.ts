// Counting plays: each new play of a track (a choice, an advance, a repeat) is counted once, when
// it starts playing; pausing and resuming, or reloading after an error, do not count it again. A
// count that fails is only logged (docs/features.md#music).

export type RecordPlay = (trackId: string, preview: boolean) => Promise<unknown> | unknown;

export class PlayCounter {
  private play = 0;
  private counted = -1;

  constructor(
    private readonly record: RecordPlay | undefined,
    private readonly log: (message: string, error?: unknown) => void,
  ) {}

  /** A new play of a track begins. */
  newPlay() {
    this.play++;
  }

  /** The track started playing: counts it unless this play already was. */
  started(trackId: string, preview: boolean) {
    if (this.counted === this.play) return;
    this.counted = this.play;
    void this.send(trackId, preview);
  }

  private async send(trackId: string, preview: boolean) {
    if (!this.record) return;
    try {
      await this.record(trackId, preview);
    } catch (error) {
      this.log("could not count the play", error);
    }
  }
}
