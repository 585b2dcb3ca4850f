// The member's choice of lossless listening (decision 105) and which tracks offer it. The Worker
// says per track whether this member may hear its master (the full stream's answer, `lossless`);
// the choice is kept in this browser. With it on, a track that offers the master is played from
// the lossless route's URL, whose download URL the bar offers beside the toggle. Each answer's
// quality facts are kept per track for the quality label (decision 121).
import type { LosslessResponse, PlayingQuality, StreamResponse } from "#contracts/music/music.ts";

const STORAGE_KEY = "player.lossless";

function readChoice(): boolean {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) === "1";
  } catch {
    return false;
  }
}

export type LosslessSnapshot = {
  on: boolean;
  offered: ReadonlySet<string>;
  downloads: ReadonlyMap<string, string>;
  /** What each track's last full source plays, as the Worker described it (decision 121): the quality label's facts. */
  quality: ReadonlyMap<string, PlayingQuality>;
};

export class LosslessChoice {
  private snapshot: LosslessSnapshot = { on: readChoice(), offered: new Set(), downloads: new Map(), quality: new Map() };
  private readonly listeners = new Set<() => void>();

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  private set(next: Partial<LosslessSnapshot>) {
    this.snapshot = { ...this.snapshot, ...next };
    for (const listener of this.listeners) listener();
  }

  setOn(on: boolean) {
    try {
      globalThis.localStorage?.setItem(STORAGE_KEY, on ? "1" : "0");
    } catch {
      // Private mode: the choice lasts for this page.
    }
    this.set({ on });
  }

  /**
   * A full track's source: the stream's answer, or with the choice on and the master offered, the
   * lossless route's. `ask` is the API call (POST to a path, JSON back).
   */
  async resolve(trackId: string, ask: <T>(path: string) => Promise<T>): Promise<StreamResponse> {
    const id = encodeURIComponent(trackId);
    const stream = await ask<StreamResponse>(`/api/music/tracks/${id}/stream`);
    const offered = stream.lossless === true;
    if (offered !== this.snapshot.offered.has(trackId)) {
      const next = new Set(this.snapshot.offered);
      if (offered) next.add(trackId);
      else next.delete(trackId);
      this.set({ offered: next });
    }
    if (!offered || !this.snapshot.on) {
      this.setQuality(trackId, stream.quality);
      return stream;
    }
    const master = await ask<LosslessResponse>(`/api/music/tracks/${id}/lossless`);
    this.set({ downloads: new Map(this.snapshot.downloads).set(trackId, master.downloadUrl) });
    this.setQuality(trackId, master.quality ?? { format: master.format, kbps: null, sampleRate: null, bitDepth: null });
    return { url: master.url, expiresAt: master.expiresAt, lossless: true, quality: master.quality };
  }

  private setQuality(trackId: string, quality: PlayingQuality | undefined) {
    const next = new Map(this.snapshot.quality);
    if (quality) next.set(trackId, quality);
    else next.delete(trackId);
    this.set({ quality: next });
  }
}

/** The page's one choice, as the page has one player. */
export const losslessChoice = new LosslessChoice();
