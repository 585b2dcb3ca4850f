// The names of the message statuses and priorities, in the order the filters offer them.
import type { MessageDescriptor } from "react-intl";
import type { MessagePriority, MessageStatus } from "#contracts/admin/messages.ts";
import { inboxMessages as m } from "./messages";

export const STATUS_LABELS: Record<MessageStatus, MessageDescriptor> = { unread: m.statusUnread, read: m.statusRead, replied: m.statusReplied };
export const PRIORITY_LABELS: Record<MessagePriority, MessageDescriptor> = { high: m.priorityHigh, normal: m.priorityNormal, low: m.priorityLow };
