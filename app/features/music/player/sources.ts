// The signed, short-lived URLs of the tracks' audio (or previews), asked of the server once per
// track while they are valid: a second ask for a URL already on its way shares that request.
import type { StreamResponse } from "#contracts/music/music.ts";

/** A signed URL is treated as expired this long before it really is. */
const URL_SAFETY_MS = 30_000;
/** If the server's expiresAt cannot be read: the media token's lifetime (10 minutes). */
const FALLBACK_URL_TTL_MS = 10 * 60_000;

export type Source = { url: string; expiresAt: number };

export class SignedSources {
  private readonly sources = new Map<string, Source>();
  private readonly pending = new Map<string, Promise<Source>>();

  constructor(
    private readonly resolve: (trackId: string, preview: boolean) => Promise<StreamResponse>,
    private readonly now: () => number,
  ) {}

  /** The track's URL: the cached one while valid, unless `fresh` asks the server for a new one. */
  async get(trackId: string, preview: boolean, fresh: boolean): Promise<Source> {
    const cached = this.sources.get(trackId);
    if (!fresh && cached && !this.isExpired(cached.expiresAt)) return cached;
    const pending = this.pending.get(trackId);
    if (pending && !fresh) return pending;
    const request = (async () => {
      const response = await this.resolve(trackId, preview);
      const expiresAt = Date.parse(response.expiresAt);
      const source = { url: response.url, expiresAt: Number.isFinite(expiresAt) ? expiresAt : this.now() + FALLBACK_URL_TTL_MS };
      for (const [id, s] of this.sources) if (this.isExpired(s.expiresAt)) this.sources.delete(id);
      this.sources.set(trackId, source);
      return source;
    })();
    this.pending.set(trackId, request);
    try {
      return await request;
    } finally {
      if (this.pending.get(trackId) === request) this.pending.delete(trackId);
    }
  }

  isExpired(expiresAt: number) {
    return this.now() >= expiresAt - URL_SAFETY_MS;
  }

  /** Forgets every URL (a change between tracks and previews, or signing out). */
  clear() {
    this.sources.clear();
  }
}
