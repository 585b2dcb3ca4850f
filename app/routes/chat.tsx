import { createFileRoute } from "@tanstack/react-router";
import { defineMessages } from "react-intl";
import { ChatPage } from "../features/chat/ChatPage";
import { usePageMeta } from "../lib/usePageMeta";

// VIP and admin only; the page shows the VIP gate to everyone else (the Worker refuses them the
// socket anyway). No loader: the conversation arrives over the socket.
export const Route = createFileRoute("/chat")({ component: Chat });

const meta = defineMessages({
  title: { id: "meta.chat.title", defaultMessage: "VIP Chat" },
});

function Chat() {
  usePageMeta(meta);
  return <ChatPage />;
}
