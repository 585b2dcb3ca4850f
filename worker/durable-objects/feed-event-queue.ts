// The feed hub's queue of events waiting for the next flush (FeedHub.ts), and how often it flushes.
import type { FeedEvent } from "#contracts/feed.ts";

/** Spec: at most 10 events a second per client, read as at most 10 frames a second. */
export const FEED_FLUSH_INTERVAL_MS = 100;
/** Events in one frame; what is left over goes out in the next flush. */
export const FEED_FRAME_MAX_EVENTS = 200;
/** Events (after coalescing) the hub holds at most; beyond that new ones are dropped and logged. */
export const FEED_QUEUE_MAX_EVENTS = 5000;

/**
 * The events waiting for the next flush, coalesced as they arrive, in arrival order:
 * - like.changed and comment.added keep only the latest per post (it moves to the latest one's
 *   place; counts are absolute, so the latest is the one to keep);
 * - a post.deleted drops every other event about that post in the queue, and later events about
 *   it until the flush (a like racing the delete); only the post.deleted goes out;
 * - a repeated post.created or post.deleted for the same post is sent once.
 * "Latest" is the order the hub received them in, which is the order of the publishes' arrival.
 */
export class FeedEventQueue {
  /** `${type} ${postId}` -> event; a Map keeps insertion order, and delete + set moves to the end. */
  private events = new Map<string, FeedEvent>();

  get size() {
    return this.events.size;
  }

  /** Adds one event; false if the queue is full and it was dropped. */
  push(event: FeedEvent): boolean {
    const { postId } = event;
    if (this.events.has(key("post.deleted", postId))) return true; // superseded by the deletion
    if (event.type === "post.deleted") {
      for (const type of ["post.created", "comment.added", "like.changed"] as const) this.events.delete(key(type, postId));
    }
    const k = key(event.type, postId);
    const replacing = this.events.delete(k);
    if (!replacing && this.events.size >= FEED_QUEUE_MAX_EVENTS) return false;
    this.events.set(k, event);
    return true;
  }

  /** Removes and returns up to `max` of the oldest events. */
  take(max = FEED_FRAME_MAX_EVENTS): FeedEvent[] {
    const out: FeedEvent[] = [];
    for (const [k, event] of this.events) {
      if (out.length >= max) break;
      out.push(event);
      this.events.delete(k);
    }
    return out;
  }
}

const key = (type: FeedEvent["type"], postId: string) => `${type} ${postId}`;
