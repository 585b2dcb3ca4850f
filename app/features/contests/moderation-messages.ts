// What the contest page says of the moderators' acts on the member's own entries (decision 196).
import { defineMessage } from "react-intl";

export const contestModerationMessages = {
  hiddenNotice: defineMessage<{ reason: string }>({
    id: "contests.mine.hidden",
    defaultMessage: "Hidden by the moderators: {reason}. It is out of the list, the voting and the results.",
  }),
};
