// The VIP chat page (docs/features.md#vip-chat): a one-to-one conversation with the artist persona,
// for VIP members and administrators; everyone else gets the site's VIP gate (and no socket).
// The conversation lives on the socket (useChatSocket): the page shows its state and sends the
// member's actions.
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { FormattedMessage } from "react-intl";
import { Link } from "@tanstack/react-router";
import { VipGatePanel } from "../../components/Gate";
import { Loading } from "../../components/Loading";
import { PageFrame } from "../../components/PageFrame";
import { meQueryOptions } from "../../lib/session/queries";
import { canUseVipContent, useSessionUser } from "../../lib/session/useSession";
import { ChatComposer } from "./ChatComposer";
import ChatMessages from "./messages?feature";
import { ChatErrorBanner, ConnectionNotice, OfflineNotice } from "./ChatNotices";
import { ChatToolbar } from "./ChatToolbar";
import { ClearChatDialog } from "./ClearChatDialog";
import { MessageList } from "./MessageList";
import { chatMessages as m, titleMessage } from "./messages";
import { canSend } from "./state";
import { useChatSocket } from "./useChatSocket";
import "./chat.css";

/** After a message goes out the box gets the focus back, once the page has settled (docs/features.md#vip-chat: 100 ms after sending). */
export const REFOCUS_DELAY_MS = 100;

export function ChatPage() {
  return (
    <ChatMessages>
      <ChatPageContent />
    </ChatMessages>
  );
}

/**
 * The socket closed because the member's VIP ended (4403, decision 040): "ended" until `me` says
 * they are not VIP ("lapsed"), so a VIP again (a role notice refetches `me`) gets the chat back.
 */
type VipEnd = "ended" | "lapsed" | null;

function ChatPageContent() {
  const { user, isPending } = useSessionUser();
  const [vipEnd, setVipEnd] = useState<VipEnd>(null);
  const allowed = !isPending && canUseVipContent(user);
  // Adjusted while rendering (React's pattern for state following other state), not in an effect.
  if (vipEnd === "ended" && !isPending && !allowed) setVipEnd("lapsed");
  if (vipEnd === "lapsed" && allowed) setVipEnd(null);
  const onVipEnded = useCallback(() => setVipEnd("ended"), []);
  if (allowed && vipEnd === null) return <ChatRoom onVipEnded={onVipEnded} />;
  return (
    <PageFrame title={<FormattedMessage {...m.pageTitle} />} intro={<FormattedMessage {...m.subtitle} />}>
      {vipEnd !== null && <VipEndedNotice />}
      {isPending ? <Loading /> : <VipGatePanel />}
    </PageFrame>
  );
}

/** Why the conversation closed when VIP ended, with the way back. */
function VipEndedNotice() {
  return (
    <div className="error-banner chat-banner" role="alert">
      <span>
        <FormattedMessage {...m.vipEnded} />
      </span>
      <Link to="/vip-signup" className="btn btn-ghost btn-sm">
        <FormattedMessage {...m.vipAgain} />
      </Link>
    </div>
  );
}

function ChatRoom({ onVipEnded }: { onVipEnded: () => void }) {
  const client = useQueryClient();
  // The session ended (signed out elsewhere, expired, banned): the header and the gate follow.
  const refetchMe = useCallback(() => void client.invalidateQueries({ queryKey: meQueryOptions().queryKey }), [client]);
  const vipEnded = useCallback(() => {
    onVipEnded();
    refetchMe();
  }, [onVipEnded, refetchMe]);
  const chat = useChatSocket({ onSessionEnded: refetchMe, onVipEnded: vipEnded });
  const { state } = chat;
  const [confirmingClear, setConfirmingClear] = useState(false);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const refocusTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(refocusTimer.current), []);

  const send = (text: string) => {
    const sent = chat.send(text);
    if (sent) {
      clearTimeout(refocusTimer.current);
      refocusTimer.current = setTimeout(() => inputRef.current?.focus(), REFOCUS_DELAY_MS);
    }
    return sent;
  };

  const connected = state.status === "open";
  const title = state.persona ? <FormattedMessage {...titleMessage} values={{ name: state.persona }} /> : <FormattedMessage {...m.pageTitle} />;

  return (
    <PageFrame title={title} intro={<FormattedMessage {...m.subtitle} />}>
      <div className="chat">
        <ConnectionNotice status={state.status} />
        {state.offline && <OfflineNotice />}
        {state.error && <ChatErrorBanner error={state.error} onDismiss={chat.dismissError} />}
        <ChatToolbar
          messages={state.messages}
          persona={state.persona}
          connected={connected}
          onCopyFailed={() => chat.reportError({ code: "copy_failed" })}
          onNewChat={() => {
            chat.dismissError();
            chat.newChat();
          }}
          onClear={() => setConfirmingClear(true)}
        />
        <MessageList messages={state.messages} reply={state.reply} persona={state.persona} loaded={state.loaded} canSend={canSend(state)} onSuggestion={send} />
        <ChatComposer inputRef={inputRef} canSend={canSend(state)} replying={state.reply !== null} onSend={send} onStop={chat.cancel} unsent={state.unsent} />
      </div>
      {confirmingClear && (
        <ClearChatDialog
          onCancel={() => setConfirmingClear(false)}
          onConfirm={() => {
            setConfirmingClear(false);
            chat.dismissError();
            chat.clear();
          }}
        />
      )}
    </PageFrame>
  );
}
