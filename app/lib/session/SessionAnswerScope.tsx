import { useMemo, type ReactNode } from "react";
import { SharedSessionAnswer, useSessionAnswer } from "./useSession";

/**
 * Reads the session once for everything under it: a list whose rows each ask who is signed in
 * (play, release note, heart, playlist) shares one query observer instead of one per reader.
 */
export function SessionAnswerScope({ children }: { children: ReactNode }) {
  const { me, isPending } = useSessionAnswer();
  const answer = useMemo(() => ({ me, isPending }), [me, isPending]);
  return <SharedSessionAnswer value={answer}>{children}</SharedSessionAnswer>;
}
