// One entry's audio upload with its progress and a cancel (XMLHttpRequest reports how much of the
// body has gone; fetch cannot): the file is checked as the Worker would first, sent typed as the
// Worker reads it, and the contest is fetched again once it is stored.
import { useCallback } from "react";
import { useUpload } from "../../lib/upload";
import type { ContestEntryResponse } from "#contracts/contests/contests.ts";
import { entryFileRefusal, entryUploadFile } from "./entry-file";
import { entryAudioPath, useRefreshContest } from "./queries";

export function useEntryUpload(contestId: string, maxUploadMb: number) {
  const upload = useUpload<ContestEntryResponse>();
  const refresh = useRefreshContest(contestId);
  const { start, fail } = upload;
  const send = useCallback(
    async (entryId: string, file: File) => {
      const refusal = entryFileRefusal(file, maxUploadMb);
      if (refusal) {
        fail(refusal);
        return null;
      }
      const stored = await start(entryAudioPath(contestId, entryId), entryUploadFile(file)!);
      void refresh();
      return stored;
    },
    [contestId, maxUploadMb, start, fail, refresh],
  );
  return { state: upload.state, send, cancel: upload.cancel, reset: upload.reset };
}
