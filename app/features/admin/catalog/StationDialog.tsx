// Add or edit a radio station: name, descriptions in both languages, features, and what it plays
// (a rotation of chosen albums or of the whole catalog, or a remote https stream).
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import { QueryState } from "../../../components/QueryState";
import { DESCRIPTION_MAX, REMOTE_URL_MAX, TITLE_MAX } from "#contracts/music/admin-catalog-limits.ts";
import type { AdminStation, AdminStationResponse } from "#contracts/music/admin-catalog.ts";
import { STATION_FEATURES, type StationFeature } from "#contracts/radio.ts";
import { FormDialog } from "../components/form/FormDialog";
import { ErrorMessage, TextField } from "../components/form/fields";
import { catalogMessages as m, featureMessages } from "./messages";
import { albumsQueryOptions, catalogApi, useCatalogWrite } from "./queries";
import { useFormErrors } from "./useFormErrors";

type StationFields = {
  name: string;
  namePtBr: string | null;
  descriptionEn: string;
  descriptionPtBr: string;
  features: StationFeature[];
  sourceType: "catalog" | "stream";
  albumIds: string[] | null;
  streamUrl: string | null;
};

const FIELDS = ["name", "namePtBr", "descriptionEn", "descriptionPtBr", "features", "sourceType", "albumIds", "streamUrl"] as const;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function StationDialog({ station, onClose }: { station?: AdminStation; onClose: () => void }) {
  const intl = useIntl();
  const albums = useQuery(albumsQueryOptions());
  const [name, setName] = useState(station?.name ?? "");
  const [namePtBr, setNamePtBr] = useState(station?.namePtBr ?? "");
  const [descriptionEn, setDescriptionEn] = useState(station?.descriptionEn ?? "");
  const [descriptionPtBr, setDescriptionPtBr] = useState(station?.descriptionPtBr ?? "");
  const [features, setFeatures] = useState<StationFeature[]>(station?.features ?? []);
  const [sourceType, setSourceType] = useState<StationFields["sourceType"]>(station?.sourceType ?? "catalog");
  const [allAlbums, setAllAlbums] = useState(station ? station.albumIds === null : true);
  const [albumIds, setAlbumIds] = useState<string[]>(station?.albumIds ?? []);
  const [streamUrl, setStreamUrl] = useState(station?.streamUrl ?? "");
  const errors = useFormErrors(FIELDS);
  const save = useCatalogWrite("stations", (fields: Partial<StationFields>) =>
    station ? catalogApi.patch<AdminStationResponse>(`/stations/${station.id}`, fields) : catalogApi.post<AdminStationResponse>("/stations", fields),
  );

  const toggle = <T,>(list: T[], item: T, on: boolean) => (on ? [...list.filter((x) => x !== item), item] : list.filter((x) => x !== item));

  const submit = () => {
    errors.clear();
    const ok = errors.check({
      name: name.trim() ? null : m.commonRequired,
      descriptionEn: descriptionEn.trim() ? null : m.commonRequired,
      streamUrl: sourceType === "stream" && !streamUrl.trim() ? m.stationStreamUrlRequired : null,
    });
    if (!ok) return;
    const fields: StationFields = {
      name: name.trim(),
      // The Portuguese texts are optional: left empty, the site shows the English ones (decision 032).
      namePtBr: namePtBr.trim() || null,
      descriptionEn: descriptionEn.trim(),
      descriptionPtBr: descriptionPtBr.trim(),
      // In the catalog's feature order, whatever order they were ticked in.
      features: STATION_FEATURES.filter((f) => features.includes(f)),
      sourceType,
      albumIds: allAlbums ? null : albumIds,
      streamUrl: streamUrl.trim() || null,
    };
    const changed = station ? Object.fromEntries(Object.entries(fields).filter(([k, v]) => !same(station[k as keyof StationFields], v))) : fields;
    if (Object.keys(changed).length === 0) return onClose();
    save.mutate(changed, { onSuccess: onClose, onError: errors.fromServer });
  };

  return (
    <FormDialog
      title={intl.formatMessage(station ? m.stationEditTitle : m.stationCreateTitle)}
      onClose={onClose}
      onSubmit={submit}
      pending={save.isPending}
      submit={station ? m.commonSave : m.commonCreate}
      submitting={station ? m.commonSaving : m.commonCreating}
      error={errors.formError}
    >
      <TextField label={intl.formatMessage(m.fieldName)} value={name} onChange={setName} maxLength={TITLE_MAX} required error={errors.fieldErrors.name} />
      <TextField
        label={intl.formatMessage(m.fieldNamePtBr)}
        hint={intl.formatMessage(m.fieldPtBrHint)}
        value={namePtBr}
        onChange={setNamePtBr}
        maxLength={TITLE_MAX}
        error={errors.fieldErrors.namePtBr}
      />
      <TextField
        label={intl.formatMessage(m.fieldDescriptionEn)}
        value={descriptionEn}
        onChange={setDescriptionEn}
        multiline
        maxLength={DESCRIPTION_MAX}
        required
        error={errors.fieldErrors.descriptionEn}
      />
      <TextField
        label={intl.formatMessage(m.fieldDescriptionPtBr)}
        value={descriptionPtBr}
        onChange={setDescriptionPtBr}
        hint={intl.formatMessage(m.fieldPtBrHint)}
        multiline
        maxLength={DESCRIPTION_MAX}
        error={errors.fieldErrors.descriptionPtBr}
      />
      <fieldset className="catalog-choices">
        <legend>{intl.formatMessage(m.fieldFeatures)}</legend>
        {STATION_FEATURES.map((feature) => (
          <label key={feature} className="catalog-choice">
            <input type="checkbox" checked={features.includes(feature)} onChange={(e) => setFeatures(toggle(features, feature, e.target.checked))} />
            {intl.formatMessage(featureMessages[feature])}
          </label>
        ))}
      </fieldset>
      <fieldset className="catalog-choices">
        <legend>{intl.formatMessage(m.fieldSourceType)}</legend>
        {(["catalog", "stream"] as const).map((type) => (
          <label key={type} className="catalog-choice">
            <input type="radio" name="sourceType" value={type} checked={sourceType === type} onChange={() => setSourceType(type)} />
            {intl.formatMessage(type === "catalog" ? m.stationSourceCatalog : m.stationSourceStream)}
          </label>
        ))}
      </fieldset>
      {sourceType === "catalog" ? (
        <fieldset className="catalog-choices catalog-album-choices" aria-invalid={errors.fieldErrors.albumIds ? true : undefined}>
          <legend>{intl.formatMessage(m.fieldAlbums)}</legend>
          <label className="catalog-choice">
            <input type="checkbox" checked={allAlbums} onChange={(e) => setAllAlbums(e.target.checked)} />
            {intl.formatMessage(m.fieldAllAlbums)}
          </label>
          {!allAlbums && (
            <QueryState
              query={albums}
              loading={intl.formatMessage(m.commonLoading)}
              failed={intl.formatMessage(m.fieldAlbumsFailed)}
              retry={intl.formatMessage(m.commonRetry)}
            >
              {({ albums: choices }) =>
                choices.map((album) => (
                  <label key={album.id} className="catalog-choice">
                    <input type="checkbox" checked={albumIds.includes(album.id)} onChange={(e) => setAlbumIds(toggle(albumIds, album.id, e.target.checked))} />
                    {album.title} ({album.year})
                  </label>
                ))
              }
            </QueryState>
          )}
          {errors.fieldErrors.albumIds && (
            <p className="field-error" role="alert">
              <ErrorMessage error={errors.fieldErrors.albumIds} />
            </p>
          )}
        </fieldset>
      ) : (
        <TextField
          label={intl.formatMessage(m.fieldStreamUrl)}
          type="url"
          value={streamUrl}
          onChange={setStreamUrl}
          maxLength={REMOTE_URL_MAX}
          hint={intl.formatMessage(m.fieldStreamUrlHint)}
          error={errors.fieldErrors.streamUrl}
        />
      )}
    </FormDialog>
  );
}
