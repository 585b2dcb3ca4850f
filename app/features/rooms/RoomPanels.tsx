// A room's side panels (decision 109): the pinned messages behind a "Pinned (N)" disclosure in the
// room's header, and one message's thread (its parent and replies: the page read once, the replies
// that arrive live merged in by number).
import { useId, useState } from "react";
import { useIntl } from "react-intl";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api";
import type { RoomClientFrame, RoomMessage, RoomThreadResponse } from "#contracts/rooms/rooms.ts";
import type { MessageTools } from "./MessageActions";
import { MessageList } from "./MessageList";
import { MessageText } from "./MessageText";
import { mergeBySeq } from "./roomState";
import { threadMessages as t } from "./threadMessages";

export function PinnedPanel({ pinned, moderates, act }: { pinned: RoomMessage[]; moderates: boolean; act: (frame: RoomClientFrame) => void }) {
  const intl = useIntl();
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <div className="room-pinned">
      <button type="button" className="btn btn-ghost btn-sm" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {intl.formatMessage(t.pinned, { count: pinned.length })}
      </button>
      {open && (
        <section id={id} className="room-pinned-list" aria-label={intl.formatMessage(t.pinnedTitle)}>
          {pinned.length === 0 ? (
            <p className="muted">{intl.formatMessage(t.noPins)}</p>
          ) : (
            <ul>
              {pinned.map((message) => (
                <li key={message.seq}>
                  <span className="room-message-name">{message.username}</span>
                  <MessageText text={message.text} />
                  {moderates && (
                    <button type="button" className="btn btn-ghost btn-sm" onClick={() => act({ type: "unpin", seq: message.seq })}>
                      {intl.formatMessage(t.unpin)}
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}

type ThreadProps = { roomId: string; seq: number; live: RoomMessage[]; tools: MessageTools; myName: string; myAvatar: string | null; onClose: () => void };

export function ThreadPanel({ roomId, seq, live, tools, myName, myAvatar, onClose }: ThreadProps) {
  const intl = useIntl();
  const thread = useQuery({
    queryKey: ["rooms", roomId, "thread", seq] as const,
    queryFn: ({ signal }) => api<RoomThreadResponse>(`/api/rooms/${encodeURIComponent(roomId)}/messages/${seq}/replies`, { signal }),
  });
  const parent = live.find((m) => m.seq === seq) ?? thread.data?.parent;
  // The room's live copies win: they carry edits, deletions and reactions made since the page was read.
  const replies = mergeBySeq(
    thread.data?.replies ?? [],
    live.filter((m) => m.replyTo?.seq === seq),
  );
  // Every reply in the thread answers its parent.
  const threadTools: MessageTools = { ...tools, onReply: () => parent && tools.onReply(parent), onOpenThread: () => {} };
  return (
    <section
      className="room-thread"
      aria-label={intl.formatMessage(t.threadLabel)}
      onKeyDown={(e) => {
        if (e.key === "Escape" && !e.defaultPrevented) onClose();
      }}
    >
      <p className="room-thread-head">
        <strong>{intl.formatMessage(t.threadLabel)}</strong>{" "}
        <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
          {intl.formatMessage(t.closeThread)}
        </button>
      </p>
      {thread.isPending && <p role="status">{intl.formatMessage(t.threadLoading)}</p>}
      {thread.isError && (
        <p className="error-banner" role="alert">
          {intl.formatMessage(t.threadFailed)}
        </p>
      )}
      {parent && (
        <MessageList
          messages={[{ ...parent, replyCount: 0 }, ...replies.map((r) => ({ ...r, replyTo: null }))]}
          pending={[]}
          firstUnread={null}
          myId={tools.myId}
          myName={myName}
          myAvatar={myAvatar}
          tools={threadTools}
          anchors={false}
        />
      )}
      {thread.data && replies.length === 0 && <p className="muted">{intl.formatMessage(t.noReplies)}</p>}
    </section>
  );
}
