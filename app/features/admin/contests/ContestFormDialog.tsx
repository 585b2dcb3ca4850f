// Create or edit a contest: its track, its texts in English and Portuguese side by side, the two
// gates, the four times in the admin's own time zone (their order is a rule of the shared schema,
// shown at the last one), how the winner is chosen, the limits, and, once it exists, its cover.
// The shared schema checks the form before it is sent; the Worker checks it again and its 400 lands
// on the field it names, or above the actions.
import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import {
  CONTEST_ENTRIES_MAX,
  CONTEST_PRIZES_MAX,
  CONTEST_TEXT_MAX,
  CONTEST_TITLE_MAX,
  CONTEST_UPLOAD_MAX_MB,
  CONTEST_VOTES_MAX,
  contestInputSchema,
  type AdminContest,
  type AdminContestResponse,
  type ContestWinnerMode,
} from "#contracts/contests/contests.ts";
import { CATALOG_IMAGE_MAX_BYTES } from "#contracts/music/admin-catalog-limits.ts";
import type { ErrorText } from "../components/form/errors";
import { SelectField, TextField } from "../components/form/fields";
import { FormDialog } from "../components/form/FormDialog";
import { UploadField } from "../components/form/UploadField";
import { fieldErrorsOf, serverError, type ContestFieldErrors } from "./errors";
import { formStateOf, inputOf, TIME_FIELDS, type ContestFormState, type TimeField } from "./form-values";
import { GateFields } from "./GateFields";
import { contestsAdminMessages as m } from "./messages";
import { contestsAdminKeys, contestsApi, contestTrackChoicesQueryOptions, useContestWrite, type ContestInput } from "./queries";

type Props = { contest?: AdminContest; onClose: () => void; onSaved: () => void };

const TIME_LABELS = {
  opensAt: m.fieldOpensAt,
  entriesCloseAt: m.fieldEntriesCloseAt,
  votingOpensAt: m.fieldVotingOpensAt,
  votingClosesAt: m.fieldVotingClosesAt,
};

export function ContestFormDialog({ contest, onClose, onSaved }: Props) {
  const intl = useIntl();
  const [state, setState] = useState<ContestFormState>(() => formStateOf(contest));
  const [errors, setErrors] = useState<ContestFieldErrors>({});
  const [formError, setFormError] = useState<ErrorText | null>(null);
  const save = useContestWrite((input: ContestInput) => (contest ? contestsApi.update(contest.id, input) : contestsApi.create(input)));
  const set =
    <K extends keyof ContestFormState>(key: K) =>
    (value: ContestFormState[K]) =>
      setState((s) => ({ ...s, [key]: value }));
  const setTime = (field: TimeField) => (value: string) => setState((s) => ({ ...s, times: { ...s.times, [field]: value } }));

  const submit = () => {
    setFormError(null);
    const input = inputOf(state);
    const checked = contestInputSchema.safeParse(input);
    if (!checked.success) return setErrors(fieldErrorsOf(checked.error));
    setErrors({});
    save.mutate(input, {
      onSuccess: onSaved,
      onError: (err) => {
        const { field, error } = serverError(err);
        if (field) setErrors({ [field]: error });
        else setFormError(error);
      },
    });
  };

  return (
    <FormDialog
      title={contest ? intl.formatMessage(m.formEditTitle, { name: contest.titleEn }) : intl.formatMessage(m.formCreateTitle)}
      onClose={onClose}
      onSubmit={submit}
      pending={save.isPending}
      submit={contest ? m.formSave : m.formCreate}
      submitting={contest ? m.formSaving : m.formCreating}
      error={formError}
    >
      <TrackField value={state.trackId} onChange={set("trackId")} error={errors.trackId} />
      <div className="admin-contests-languages">
        {(["En", "PtBr"] as const).map((lang) => (
          <fieldset key={lang}>
            <legend>{intl.formatMessage(lang === "En" ? m.english : m.portuguese)}</legend>
            <TextField
              label={intl.formatMessage(m.fieldTitle)}
              value={state[`title${lang}`]}
              onChange={set(`title${lang}`)}
              maxLength={CONTEST_TITLE_MAX}
              error={errors[`title${lang}`]}
            />
            <TextField
              label={intl.formatMessage(m.fieldBrief)}
              multiline
              value={state[`brief${lang}`]}
              onChange={set(`brief${lang}`)}
              maxLength={CONTEST_TEXT_MAX}
              hint={lang === "PtBr" ? intl.formatMessage(m.briefPtHint) : undefined}
              error={errors[`brief${lang}`]}
            />
            <TextField
              label={intl.formatMessage(m.fieldRules)}
              multiline
              value={state[`rules${lang}`]}
              onChange={set(`rules${lang}`)}
              maxLength={CONTEST_TEXT_MAX}
              hint={intl.formatMessage(m.rulesHint)}
              error={errors[`rules${lang}`]}
            />
            <TextField
              label={intl.formatMessage(m.fieldPrizes)}
              multiline
              value={state[`prizes${lang}`]}
              onChange={set(`prizes${lang}`)}
              maxLength={CONTEST_PRIZES_MAX}
              error={errors[`prizes${lang}`]}
            />
          </fieldset>
        ))}
      </div>
      <GateFields legend={intl.formatMessage(m.fieldStems)} gate={state.stems} onChange={set("stems")} error={errors.stems} />
      <GateFields legend={intl.formatMessage(m.fieldEnter)} gate={state.enter} onChange={set("enter")} error={errors.enter} />
      <fieldset className="admin-contests-times">
        <legend>{intl.formatMessage(m.times)}</legend>
        <p className="field-hint">{intl.formatMessage(m.timesHint)}</p>
        {TIME_FIELDS.map((field) => (
          <TextField
            key={field}
            type="datetime-local"
            label={intl.formatMessage(TIME_LABELS[field])}
            value={state.times[field]}
            onChange={setTime(field)}
            error={errors[field]}
          />
        ))}
      </fieldset>
      <SelectField<ContestWinnerMode>
        label={intl.formatMessage(m.fieldWinnerBy)}
        value={state.winnerBy}
        options={[
          { value: "fans", label: intl.formatMessage(m.winnerFans) },
          { value: "jury", label: intl.formatMessage(m.winnerJury) },
          { value: "both", label: intl.formatMessage(m.winnerBoth) },
        ]}
        onChange={set("winnerBy")}
        error={errors.winnerBy}
      />
      {state.winnerBy === "both" && (
        <TextField
          type="number"
          min={0}
          max={100}
          label={intl.formatMessage(m.fieldFanWeight)}
          value={state.fanWeightPercent}
          onChange={set("fanWeightPercent")}
          error={errors.fanWeightPercent}
        />
      )}
      <div className="admin-contests-limits">
        <TextField
          type="number"
          min={1}
          max={CONTEST_VOTES_MAX}
          label={intl.formatMessage(m.fieldVotes)}
          value={state.votesPerMember}
          onChange={set("votesPerMember")}
          error={errors.votesPerMember}
        />
        <TextField
          type="number"
          min={1}
          max={CONTEST_ENTRIES_MAX}
          label={intl.formatMessage(m.fieldEntriesPerMember)}
          value={state.entriesPerMember}
          onChange={set("entriesPerMember")}
          error={errors.entriesPerMember}
        />
        <TextField
          type="number"
          min={1}
          max={CONTEST_UPLOAD_MAX_MB}
          label={intl.formatMessage(m.fieldMaxUpload)}
          value={state.maxUploadMb}
          onChange={set("maxUploadMb")}
          error={errors.maxUploadMb}
        />
      </div>
      {contest && <CoverField contest={contest} />}
    </FormDialog>
  );
}

/** The catalog's tracks, each named with its album, for the contest to be about. */
function TrackField({ value, onChange, error }: { value: string; onChange: (id: string) => void; error?: ErrorText }) {
  const intl = useIntl();
  const albums = useQuery(contestTrackChoicesQueryOptions()).data?.albums ?? [];
  const tracks = albums.flatMap((album) => album.tracks.map((track) => ({ value: track.id, label: `${track.title} (${album.title})` })));
  return (
    <SelectField
      label={intl.formatMessage(m.fieldTrack)}
      value={value}
      options={[{ value: "", label: intl.formatMessage(m.chooseTrack) }, ...tracks]}
      onChange={onChange}
      error={error}
    />
  );
}

/** The cover, stored as soon as it is uploaded (the Worker's own route). */
function CoverField({ contest }: { contest: AdminContest }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [coverUrl, setCoverUrl] = useState(contest.coverUrl);
  return (
    <div className="admin-contests-cover">
      {coverUrl && <img src={coverUrl} alt={intl.formatMessage(m.coverCurrent)} width={96} height={96} />}
      <UploadField<AdminContestResponse>
        kind="image"
        url={contestsApi.coverUrl(contest.id)}
        accept="image/jpeg,image/png,image/webp"
        maxBytes={CATALOG_IMAGE_MAX_BYTES}
        label={intl.formatMessage(m.fieldCover)}
        hint={intl.formatMessage(m.coverHint)}
        startOnChoose
        onUploaded={(answer) => {
          setCoverUrl(answer.contest.coverUrl);
          void queryClient.invalidateQueries({ queryKey: contestsAdminKeys.all });
        }}
      />
    </div>
  );
}
