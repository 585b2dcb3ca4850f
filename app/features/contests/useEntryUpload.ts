// One entry's audio upload with its progress and a cancel. A file of one part (8 MiB or less) goes
// as the PUT's body through XMLHttpRequest (fetch cannot report how much of a body has gone); a
// larger one goes in parts (entry-parts.ts), one in flight, resumable after a cut or a reload. The
// file is checked as the Worker would first, sent typed as the Worker reads it, and the contest is
// fetched again once it is stored.
import { useCallback, useEffect, useRef, useState } from "react";
import { isAbort, useUpload, type UploadState } from "../../lib/upload";
import { ENTRY_PART_BYTES } from "#contracts/contests/limits.ts";
import type { ContestEntryResponse } from "#contracts/contests/contests.ts";
import { entryFileFormat, entryFileRefusal, entryUploadFile } from "./entry-file";
import { entryPartApiOf, sendInParts, sessionStore } from "./entry-parts";
import { entryAudioPath, useRefreshContest } from "./queries";

export function useEntryUpload(contestId: string, maxUploadMb: number) {
  const upload = useUpload<ContestEntryResponse>();
  const refresh = useRefreshContest(contestId);
  const { start, fail, cancel: cancelOne, reset: resetOne } = upload;
  // The upload in parts' own state; null while the single request's (or nothing) is shown.
  const [inParts, setInParts] = useState<UploadState<true> | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const sendParts = useCallback(
    async (entryId: string, file: File) => {
      controller.current?.abort();
      const ctl = new AbortController();
      controller.current = ctl;
      setInParts({ phase: "uploading", progress: { loaded: 0, total: file.size } });
      try {
        await sendInParts(entryPartApiOf(contestId, entryId), file, {
          entryId,
          format: entryFileFormat(file)!,
          store: sessionStore(),
          signal: ctl.signal,
          onProgress: (loaded, total) => !ctl.signal.aborted && setInParts({ phase: "uploading", progress: { loaded, total } }),
        });
        setInParts({ phase: "done", result: true });
        return true;
      } catch (error) {
        if (controller.current === ctl) setInParts(isAbort(error) ? { phase: "canceled" } : { phase: "failed", error });
        return false;
      }
    },
    [contestId],
  );

  const send = useCallback(
    async (entryId: string, file: File): Promise<boolean> => {
      setInParts(null);
      const refusal = entryFileRefusal(file, maxUploadMb);
      if (refusal) {
        fail(refusal);
        return false;
      }
      const typed = entryUploadFile(file)!;
      const stored = typed.size > ENTRY_PART_BYTES ? await sendParts(entryId, typed) : (await start(entryAudioPath(contestId, entryId), typed)) !== null;
      void refresh();
      return stored;
    },
    [contestId, maxUploadMb, start, fail, refresh, sendParts],
  );
  const cancel = useCallback(() => {
    controller.current?.abort();
    cancelOne();
  }, [cancelOne]);
  const reset = useCallback(() => {
    setInParts(null);
    resetOne();
  }, [resetOne]);
  return { state: inParts ?? upload.state, send, cancel, reset };
}
