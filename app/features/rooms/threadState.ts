// What threads, reactions, edits, deletions and pins (decision 109) do to a room's state: the
// room's frames about them applied to the messages shown and to the pinned list. Reactions come as
// counts for everyone; whose toggle it was says whether the member's own `mine` changes.
import type { RoomMessage, RoomServerFrame } from "#contracts/rooms/rooms.ts";

/** The page's two lists of messages these frames change. */
type Lists = { messages: RoomMessage[]; pinned: RoomMessage[] };

type ThreadFrame = Extract<RoomServerFrame, { type: "reactions" | "edited" | "deleted" | "pinned" | "unpinned" }>;

const isThreadFrame = (frame: RoomServerFrame): frame is ThreadFrame =>
  frame.type === "reactions" || frame.type === "edited" || frame.type === "deleted" || frame.type === "pinned" || frame.type === "unpinned";

function withMessage(state: Lists, seq: number, change: (message: RoomMessage) => RoomMessage): Lists {
  const apply = (list: RoomMessage[]) => list.map((message) => (message.seq === seq ? change(message) : message));
  return { messages: apply(state.messages), pinned: apply(state.pinned) };
}

/** The lists after the frame, or null when it is not one of these. */
export function onThreadFrame(state: Lists, frame: RoomServerFrame, myId: string): Lists | null {
  if (!isThreadFrame(frame)) return null;
  switch (frame.type) {
    case "reactions":
      return withMessage(state, frame.seq, (message) => ({
        ...message,
        reactions: frame.reactions.map(({ emoji, count }) => {
          const before = message.reactions.find((r) => r.emoji === emoji)?.mine ?? false;
          return { emoji, count, mine: frame.userId === myId && frame.emoji === emoji ? frame.on : before };
        }),
      }));
    case "edited":
      return withMessage(state, frame.seq, (message) => ({ ...message, text: frame.text, editedAt: frame.editedAt }));
    case "deleted": {
      const next = withMessage(state, frame.seq, (message) => ({ ...message, text: "", deleted: true, reactions: [] }));
      // Replies quoting it now say it is gone.
      const gone = (message: RoomMessage) =>
        message.replyTo?.seq === frame.seq ? { ...message, replyTo: { ...message.replyTo, text: "", gone: true } } : message;
      return { messages: next.messages.map(gone), pinned: next.pinned.filter((p) => p.seq !== frame.seq) };
    }
    case "pinned":
      return { messages: state.messages, pinned: [frame.message, ...state.pinned.filter((p) => p.seq !== frame.message.seq)] };
    case "unpinned":
      return { messages: state.messages, pinned: state.pinned.filter((p) => p.seq !== frame.seq) };
  }
}

/** A new reply counts on its parent. */
export function countReply(messages: RoomMessage[], reply: RoomMessage): RoomMessage[] {
  const parent = reply.replyTo?.seq;
  return parent === undefined ? messages : messages.map((m) => (m.seq === parent ? { ...m, replyCount: m.replyCount + 1 } : m));
}
