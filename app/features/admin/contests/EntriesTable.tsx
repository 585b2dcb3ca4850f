// A contest's entries for the back office: every one, drafts and withdrawn ones too, with its
// remixer, status, duration, a native player for a submitted one, its jury score (a field and
// Save while the results are not out) and its votes once they are.
import { useState } from "react";
import { useIntl, type MessageDescriptor } from "react-intl";
import { juryScoreSchema, type AdminContest, type AdminContestEntry } from "#contracts/contests/contests.ts";
import { ErrorMessage, wholeNumber } from "../components/form/fields";
import type { ErrorText } from "../components/form/errors";
import { formatDuration } from "../format";
import { failureText } from "./errors";
import { contestsAdminMessages as m } from "./messages";
import { contestsApi, useContestWrite } from "./queries";
import { ColumnsTable } from "./ColumnsTable";

const STATUS_TEXTS: Record<AdminContestEntry["status"], MessageDescriptor> = {
  draft: m.statusDraft,
  submitted: m.statusSubmitted,
  withdrawn: m.statusWithdrawn,
};

type Props = { contest: AdminContest; entries: AdminContestEntry[]; onScored: (message: string) => void };

export function EntriesTable({ contest, entries, onScored }: Props) {
  const intl = useIntl();
  const none = intl.formatMessage(m.none);
  return (
    <ColumnsTable
      className="admin-contests-entries"
      caption={intl.formatMessage(m.entriesCaption)}
      columns={[m.colEntry, m.colRemixer, m.colStatus, m.colDuration, m.colListen, m.colJury, m.colVotes].map((c) => intl.formatMessage(c))}
    >
      {entries.map((entry) => (
        <tr key={entry.id} data-status={entry.status}>
          <th scope="row">{entry.title}</th>
          <td>{entry.remixer.username}</td>
          <td>{intl.formatMessage(STATUS_TEXTS[entry.status])}</td>
          <td>{entry.durationSeconds === null ? none : formatDuration(intl, entry.durationSeconds)}</td>
          <td>
            {entry.audioUrl ? <audio controls preload="none" src={entry.audioUrl} aria-label={intl.formatMessage(m.listenTo, { name: entry.title })} /> : none}
          </td>
          <td>
            {entry.status === "submitted" && contest.resultsAt === null ? (
              <JuryScoreField contestId={contest.id} entry={entry} onSaved={onScored} />
            ) : (
              (entry.juryScore ?? none)
            )}
          </td>
          <td>{entry.votes === null ? (entry.status === "submitted" ? intl.formatMessage(m.votesHidden) : none) : entry.votes}</td>
        </tr>
      ))}
    </ColumnsTable>
  );
}

type FieldProps = { contestId: string; entry: AdminContestEntry; onSaved: (message: string) => void };

/** The jury's score of one entry, 0 to 100, checked here by the shared schema and again by the Worker. */
function JuryScoreField({ contestId, entry, onSaved }: FieldProps) {
  const intl = useIntl();
  const [text, setText] = useState(entry.juryScore === null ? "" : String(entry.juryScore));
  const [error, setError] = useState<ErrorText | null>(null);
  const save = useContestWrite((score: number) => contestsApi.juryScore(contestId, entry.id, score));
  const errorId = `jury-${entry.id}-error`;
  return (
    <form
      className="admin-contests-jury"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const checked = juryScoreSchema.safeParse({ score: wholeNumber(text) ?? text });
        if (!checked.success) return setError({ message: m.errorJuryScore });
        setError(null);
        save.mutate(checked.data.score, {
          onSuccess: ({ score }) => onSaved(intl.formatMessage(m.juryScoreSaved, { name: entry.title, score })),
          onError: (err) => setError(failureText(err)),
        });
      }}
    >
      <input
        type="number"
        inputMode="numeric"
        min={0}
        max={100}
        value={text}
        aria-label={intl.formatMessage(m.juryScoreOf, { name: entry.title })}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => setText(e.target.value)}
      />
      <button type="submit" className="btn btn-ghost btn-sm" disabled={save.isPending}>
        {intl.formatMessage(save.isPending ? m.juryScoreSaving : m.juryScoreSave)}
      </button>
      {error && (
        <p id={errorId} className="field-error" role="alert">
          <ErrorMessage error={error} />
        </p>
      )}
    </form>
  );
}
