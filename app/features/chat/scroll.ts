// The message list follows new messages only while the reader is at its end: someone scrolled up
// to reread is not pulled away (docs/features.md#vip-chat: 50px).
export const AUTO_SCROLL_THRESHOLD_PX = 50;

export function isNearBottom(el: Pick<HTMLElement, "scrollHeight" | "scrollTop" | "clientHeight">, threshold = AUTO_SCROLL_THRESHOLD_PX): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight <= threshold;
}
