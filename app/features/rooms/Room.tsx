// An open room: its messages (older pages on demand, a jump to the first unread the list counted,
// and on opening, the message a link names: `linkedSeq`, a notification's `?seq=`), who is here, the composer or why there is none, the errors the room answers in the reader's
// language, and a polite live region that reads out others' new messages without moving focus.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useIntl, type MessageDescriptor } from "react-intl";
import { ApiRequestError } from "../../lib/api";
import { useSessionUser } from "../../lib/session/useSession";
import type { RoomRefusal } from "#contracts/rooms/access.ts";
import type { RoomErrorCode, RoomMessage, RoomSummary } from "#contracts/rooms/rooms.ts";
import { Composer } from "./Composer";
import { MessageList, messageElementId } from "./MessageList";
import { ModerationConfirm, SlowModeSelect, type ModerationAction } from "./Moderation";
import { NotifyMenu } from "./NotifyMenu";
import { ReportDialog } from "./ReportDialog";
import { RoomLock, useTierName } from "./RoomLock";
import { roomsMessages as m } from "./messages";
import { roomHistory } from "./queries";
import type { RoomState } from "./roomState";
import { useRoomSocket } from "./useRoomSocket";
import type { MessageTools } from "./MessageActions";
import { PinnedPanel, ThreadPanel } from "./RoomPanels";
import { threadMessages as t } from "./threadMessages";

const ERROR_TEXT: Record<Exclude<RoomErrorCode, "rate_limited" | "muted">, MessageDescriptor> = {
  bad_frame: m.errBadFrame,
  empty_message: m.errEmpty,
  message_too_long: m.errTooLong,
  invalid_characters: m.errCharacters,
  archived: m.errArchived,
  write_refused: m.errWriteRefused,
  moderator_required: m.errModeratorRequired,
  mute_refused: m.errMuteRefused,
  too_many_pictures: m.tooManyPictures,
  picture_refused: m.pictureRefused,
  message_not_found: t.errMessageNotFound,
  not_author: t.errNotAuthor,
  pin_limit: t.errPinLimit,
};

type Props = {
  room: RoomSummary;
  onAccessEnded: () => void;
  onReconnecting: () => void;
  /** The live show beside the room ended (its page reads the show again). */
  onShowEnded?: () => void;
  linkedSeq?: number;
};

/** How long the message a link opened stays marked. */
const LINKED_HIGHLIGHT_MS = 4000;

export function Room({ room, onAccessEnded, onReconnecting, onShowEnded, linkedSeq }: Props) {
  const intl = useIntl();
  const untilText = (iso: string | null | undefined) => (iso ? intl.formatDate(iso, { dateStyle: "short", timeStyle: "short" }) : "");
  const { user } = useSessionUser();
  const { state, dispatch, send, moderate } = useRoomSocket({ roomId: room.id, myId: user?.id ?? "", enabled: user !== null, onReconnecting, onShowEnded });
  // The list's count when the page opened: where "Jump to first unread" goes.
  const [unreadAtOpen] = useState(room.unread ?? 0);
  const firstUnread = unreadAtOpen > 0 && state.joinedAtSeq !== null ? Math.max(1, state.joinedAtSeq - unreadAtOpen + 1) : null;
  const [older, setOlder] = useState<"idle" | "loading" | "failed">("idle");
  const [lockedBy, setLockedBy] = useState<RoomRefusal | null>(null);
  const [moderation, setModeration] = useState<ModerationAction | null>(null);
  const [reporting, setReporting] = useState<RoomMessage | null>(null);
  const scrollTarget = useRef<number | null>(null);
  // The linked message: looked for once, after the welcome; `linkedGone` when the room no longer shows it.
  const linkedLooked = useRef(linkedSeq === undefined);
  const [linkedGone, setLinkedGone] = useState(false);
  const [replyingTo, setReplyingTo] = useState<RoomMessage | null>(null);
  const [threadSeq, setThreadSeq] = useState<number | null>(null);
  const myId = user?.id ?? "";
  const toolsMayWrite = state.mayWrite && state.connection === "open" && !state.mutedUntil;
  // One object while nothing in it changes: the list's items are kept between pages.
  const tools = useMemo<MessageTools>(
    () => ({
      myId,
      mayWrite: toolsMayWrite,
      moderates: state.moderates,
      pinned: new Set(state.pinned.map((p) => p.seq)),
      act: moderate,
      onReply: setReplyingTo,
      onOpenThread: (message) => setThreadSeq(message.seq),
    }),
    [myId, toolsMayWrite, state.moderates, state.pinned, moderate],
  );
  // The mute ends on its own: the notice goes at that moment.
  useEffect(() => {
    if (!state.mutedUntil) return;
    const timer = setTimeout(() => dispatch({ type: "unmuted" }), Math.max(0, Date.parse(state.mutedUntil) - Date.now()));
    return () => clearTimeout(timer);
  }, [state.mutedUntil, dispatch]);
  const logRef = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);

  useEffect(() => {
    if (state.connection === "access_ended") onAccessEnded();
  }, [state.connection, onAccessEnded]);

  /** Pages back until `target` is shown (one page without one); false when the history refused. */
  const loadOlder = useCallback(
    async (target: number | null) => {
      setOlder("loading");
      let oldest = state.messages[0]?.seq ?? 0;
      let more: boolean;
      try {
        do {
          const page = await roomHistory(room.id, oldest);
          dispatch({ type: "older", messages: page.messages, more: page.more });
          more = page.more && page.messages.length > 0;
          oldest = page.messages[0]?.seq ?? oldest;
        } while (target !== null && more && oldest > target);
        setOlder("idle");
        return true;
      } catch (error) {
        if (error instanceof ApiRequestError && (error.code === "tier_required" || error.code === "ticket_required")) setLockedBy(error.code);
        setOlder("failed");
        return false;
      }
    },
    [room.id, state.messages, dispatch],
  );

  const jumpToUnread = async () => {
    if (firstUnread === null) return;
    scrollTarget.current = firstUnread;
    if ((state.messages[0]?.seq ?? 0) > firstUnread && state.more) await loadOlder(firstUnread);
    else showTarget();
  };
  const showTarget = useCallback(() => {
    const seq = scrollTarget.current;
    const element = seq === null ? null : document.getElementById(messageElementId(seq));
    if (!element) return;
    scrollTarget.current = null;
    // The reader is taken away from the newest message: new ones must not pull the view back down.
    atBottom.current = false;
    const isLinked = seq === linkedSeq;
    element.scrollIntoView?.({ block: isLinked ? "center" : "start" });
    element.focus({ preventScroll: true });
    if (isLinked) {
      // Set on the element itself: the list's items are memoised, and the mark is only for a moment.
      element.classList.add("is-linked");
      setTimeout(() => element.classList.remove("is-linked"), LINKED_HIGHLIGHT_MS);
    }
  }, [linkedSeq]);
  // A jump waits for its page to be rendered.
  useEffect(showTarget, [state.messages, showTarget]);

  // The linked message, once the room is joined: from the pages shown, or after paging back to it.
  useEffect(() => {
    if (linkedLooked.current || !state.welcomed || linkedSeq === undefined) return;
    linkedLooked.current = true;
    scrollTarget.current = linkedSeq;
    const oldest = state.messages[0]?.seq ?? 0;
    // Asked once the pages it needed are rendered.
    const found = () =>
      setTimeout(() => {
        if (document.getElementById(messageElementId(linkedSeq))) return;
        scrollTarget.current = null;
        setLinkedGone(true);
      });
    // Paged back after this render, as a click on "Jump to first unread" would.
    if (state.more && oldest > linkedSeq) void Promise.resolve(linkedSeq).then(loadOlder).then(found);
    else {
      showTarget();
      found();
    }
  }, [state.welcomed, state.more, state.messages, linkedSeq, loadOlder, showTarget]);

  // The newest message stays in view as others arrive, unless the reader scrolled up to read.
  const newest = state.messages.at(-1)?.seq ?? 0;
  useEffect(() => {
    const log = logRef.current;
    if (log && atBottom.current && scrollTarget.current === null) log.scrollTop = log.scrollHeight;
  }, [newest, state.pending.length]);

  if (lockedBy) return <RoomLock room={room} refusal={lockedBy} />;

  return (
    <div className="room">
      <RoomStatus state={state} />
      <NotifyMenu roomId={room.id} notify={room.notify} />
      {state.welcomed && <PinnedPanel pinned={state.pinned} moderates={state.moderates} act={moderate} />}
      {state.moderates && <SlowModeSelect seconds={state.slowModeSeconds} onChange={moderate} />}
      {linkedGone && (
        <p className="muted" role="status">
          {intl.formatMessage(m.linkedGone)}
        </p>
      )}
      {firstUnread !== null && (
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => void jumpToUnread()}>
          {intl.formatMessage(m.jumpToUnread)}
        </button>
      )}
      {/* Focusable and named: a scrolling region keyboard users can scroll. */}
      <div
        className="room-log"
        role="region"
        aria-label={intl.formatMessage(m.messagesLabel)}
        tabIndex={0}
        ref={logRef}
        onScroll={(e) => {
          const log = e.currentTarget;
          atBottom.current = log.scrollHeight - log.scrollTop - log.clientHeight < 40;
        }}
      >
        {state.more && (
          <button type="button" className="btn btn-ghost btn-sm room-older" disabled={older === "loading"} onClick={() => void loadOlder(null)}>
            {intl.formatMessage(older === "loading" ? m.loadingOlder : m.loadOlder)}
          </button>
        )}
        {older === "failed" && (
          <p className="error-banner" role="alert">
            {intl.formatMessage(m.olderFailed)}
          </p>
        )}
        {state.welcomed && (
          <MessageList
            messages={state.messages}
            pending={state.pending}
            firstUnread={firstUnread}
            myId={user?.id ?? ""}
            myName={user?.username ?? ""}
            myAvatar={user?.avatarUrl ?? null}
            onModerate={state.moderates ? setModeration : undefined}
            tools={tools}
            onReport={setReporting}
          />
        )}
      </div>
      {threadSeq !== null && (
        <ThreadPanel
          roomId={room.id}
          seq={threadSeq}
          live={state.messages}
          tools={tools}
          myName={user?.username ?? ""}
          myAvatar={user?.avatarUrl ?? null}
          onClose={() => setThreadSeq(null)}
        />
      )}
      <div className="sr-only" aria-live="polite">
        {state.arrived && intl.formatMessage(m.announce, { name: state.arrived.username, text: state.arrived.text })}
      </div>
      {state.error && (
        <p className="field-error" role="alert" key={state.error.at}>
          {state.error.code === "rate_limited"
            ? intl.formatMessage(m.errRate, { seconds: state.error.retryAfter ?? 1 })
            : state.error.code === "muted"
              ? intl.formatMessage(m.mutedUntil, { until: untilText(state.error.until ?? state.mutedUntil) })
              : intl.formatMessage(ERROR_TEXT[state.error.code] ?? m.errBadFrame)}
        </p>
      )}
      {state.mutedUntil && (
        <p className="room-muted" role="status">
          {intl.formatMessage(m.mutedUntil, { until: untilText(state.mutedUntil) })}
        </p>
      )}
      {moderation && <ModerationConfirm action={moderation} onConfirm={moderate} onClose={() => setModeration(null)} />}
      {reporting && <ReportDialog roomId={room.id} message={reporting} onClose={() => setReporting(null)} />}
      {state.welcomed &&
        (state.mayWrite ? (
          <Composer roomId={room.id} onSend={send} disabled={state.connection !== "open"} replyingTo={replyingTo} onCancelReply={() => setReplyingTo(null)} />
        ) : (
          <ReadOnlyReason room={room} />
        ))}
    </div>
  );
}

function RoomStatus({ state }: { state: RoomState }) {
  const intl = useIntl();
  return (
    <p className="room-status">
      {state.connection === "connecting" && <span role="status">{intl.formatMessage(m.connecting)}</span>}
      {state.connection === "reconnecting" && <span role="status">{intl.formatMessage(m.reconnecting)}</span>}
      {state.connection === "ended_session" && (
        <span className="error-banner" role="alert">
          {intl.formatMessage(m.sessionEnded)}
        </span>
      )}
      {state.welcomed && <span className="room-here">{intl.formatMessage(m.here, { count: state.here })}</span>}
      {state.slowModeSeconds > 0 && <span className="muted"> {intl.formatMessage(m.slowMode, { seconds: state.slowModeSeconds })}</span>}
    </p>
  );
}

/** Why there is no composer: the list's reason when it gave one, else the room's own word. */
function ReadOnlyReason({ room }: { room: RoomSummary }) {
  const intl = useIntl();
  const tierName = useTierName(room.writeLocked === "tier_required" ? room.write.tierId : null);
  const text =
    room.writeLocked === "archived" || room.archived
      ? intl.formatMessage(m.readOnlyArchived)
      : room.writeLocked === "ticket_required"
        ? intl.formatMessage(m.readOnlyTicket)
        : room.writeLocked === "tier_required" && tierName
          ? intl.formatMessage(m.readOnlyTier, { tier: tierName })
          : intl.formatMessage(m.readOnly);
  return (
    <p className="room-read-only muted" role="status">
      {text}
    </p>
  );
}
