// The Durable Objects' frame schemas, loaded with an object's first frame rather than at start-up
// (decision 078: they are most of what zod would build there). Each loader keeps the module once it
// has it, so only the first frame of an isolate awaits an import(); every later one gets the kept
// module. The Worker tests load them all before any object runs (tests/worker/setup.ts): there an
// import() goes through the test pool's module runner, which one object cannot await on another's
// behalf.

/** A module imported on first use and kept: later calls answer without another import(). */
function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let kept: T | undefined;
  return async () => (kept ??= await load());
}

export const feedContract = onFirstUse(() => import("#contracts/feed.ts"));
export const chatContract = onFirstUse(() => import("#contracts/chat.ts"));
export const partyContract = onFirstUse(() => import("#contracts/parties.ts"));
export const roomContract = onFirstUse(() => import("#contracts/rooms.ts"));
/** A room picture's token (jose), checked only when a message carries pictures. */
export const roomPictureTokens = onFirstUse(() => import("./room-picture-token"));

/**
 * Every loader above, for a runtime that must have them all before the objects run.
 * @internal
 */
export const everyFrameContract = [feedContract, chatContract, partyContract, roomContract, roomPictureTokens];
