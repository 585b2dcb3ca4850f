// One sound at a time. The music player and the radio (in this window and in popup windows of the
// same site) take turns: whoever starts playing claims the focus, and every other player, here or
// in another window, pauses. Windows talk over a BroadcastChannel, where there is one.

type Owner = { id: string; pause: () => void };

const CHANNEL_NAME = "audio-focus";
const owners = new Set<Owner>();
const windowId = Math.random().toString(36).slice(2);
let channel: BroadcastChannel | null | undefined;

function broadcastChannel(): BroadcastChannel | null {
  if (channel !== undefined) return channel;
  channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(CHANNEL_NAME) : null;
  channel?.addEventListener("message", (event: MessageEvent<{ type?: string; windowId?: string }>) => {
    if (event.data?.type === "claim" && event.data.windowId !== windowId) for (const owner of [...owners]) owner.pause();
  });
  return channel;
}

/** Registers a player that pauses when another one claims the focus; returns the unregister. */
export function registerAudioOwner(id: string, pause: () => void): () => void {
  const owner = { id, pause };
  owners.add(owner);
  broadcastChannel();
  return () => owners.delete(owner);
}

/** Called by a player as it starts: every other player, in every window, pauses. */
export function claimAudioFocus(id: string) {
  for (const owner of [...owners]) if (owner.id !== id) owner.pause();
  broadcastChannel()?.postMessage({ type: "claim", windowId });
}
