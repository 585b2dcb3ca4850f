// How the Worker reaches a member's chat (durable-objects/ChatThread.ts): one object per member,
// named by their user id, so their tabs, their history and their limits meet in one place.
import type { AppEnv } from "../../env";

/** Headers the Worker sets on the upgrade: how the persona sees the member (the name URI-encoded). */
export const CHAT_MEMBER_NAME_HEADER = "x-chat-member-name";
export const CHAT_MEMBER_VIP_HEADER = "x-chat-member-vip";
export const CHAT_MEMBER_ADMIN_HEADER = "x-chat-member-admin";

/** The member's own thread object. */
export const chatThread = (env: AppEnv, userId: string) => env.CHAT_THREAD.get(env.CHAT_THREAD.idFromName(userId));
