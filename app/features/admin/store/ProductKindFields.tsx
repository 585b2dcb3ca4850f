// What a product sells, by kind: a digital product names one album or one track of the catalog;
// merch has a weight class for shipping and may bundle an album's download ("vinyl + digital");
// a gift is 1, 3, 6 or 12 months of a membership tier. Then the limit per order and the place in the store.
import { useQuery } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import { STORE_PER_ORDER_MAX } from "#contracts/store/admin-limits.ts";
import { GIFT_MONTHS, WEIGHT_CLASSES, type WeightClass } from "#contracts/store/model.ts";
import { SelectField, TextField } from "../components/form/fields";
import type { FieldErrors } from "./errors";
import { WEIGHT_LABELS, storeAdminMessages as m } from "./messages";
import type { ProductDraft, ProductField, SetDraft } from "./productDraft";
import { storeReleasesQueryOptions } from "./queries";
import { VIP_TIER_ID, VIP_TIER_RANK } from "#contracts/tiers/tiers.ts";
import { archivedTierMessage, tierChoicesQueryOptions, tierNameIn } from "#app/lib/tiers/tierGate.ts";

type Props = { draft: ProductDraft; set: SetDraft; errors: FieldErrors<ProductField> };

export function ProductKindFields({ draft, set, errors }: Props) {
  const intl = useIntl();
  const releases = useQuery({ ...storeReleasesQueryOptions(), enabled: draft.kind !== "gift_vip" });
  const choose = intl.formatMessage(releases.isPending ? m.releasesLoading : releases.isError ? m.releasesFailed : m.chooseRelease);
  const albums = [{ value: "", label: choose }, ...(releases.data?.albums ?? []).map((a) => ({ value: a.id, label: a.title }))];
  const tracks = [{ value: "", label: choose }, ...(releases.data?.tracks ?? []).map((t) => ({ value: t.id, label: `${t.title} (${t.albumTitle ?? ""})` }))];
  // A gift gives VIP ("") or a paid tier above it; an archived tier only to the product that names it (decision 116).
  const tierChoices = useQuery({ ...tierChoicesQueryOptions(), enabled: draft.kind === "gift_vip" }).data?.tiers ?? [];
  const vip = tierChoices.find((t) => t.id === VIP_TIER_ID);
  const giftTierOptions = [
    { value: "", label: vip ? tierNameIn(intl, vip) : VIP_TIER_ID.toUpperCase() },
    ...tierChoices
      .filter((t) => t.rank > VIP_TIER_RANK && (!t.archived || t.id === draft.giftTierId))
      .map((t) => ({ value: t.id, label: t.archived ? intl.formatMessage(archivedTierMessage, { tier: tierNameIn(intl, t) }) : tierNameIn(intl, t) })),
  ];

  return (
    <fieldset className="admin-store-fieldset">
      <legend>{intl.formatMessage(m.sectionWhat)}</legend>
      {draft.kind === "digital" && (
        <>
          <SelectField
            label={intl.formatMessage(m.fieldRelease)}
            value={draft.release}
            onChange={(v) => set("release", v)}
            options={[
              { value: "album", label: intl.formatMessage(m.releaseAlbum) },
              { value: "track", label: intl.formatMessage(m.releaseTrack) },
            ]}
          />
          {draft.release === "album" ? (
            <SelectField
              label={intl.formatMessage(m.fieldAlbum)}
              value={draft.albumId}
              onChange={(v) => set("albumId", v)}
              options={albums}
              error={errors.albumId}
            />
          ) : (
            <SelectField
              label={intl.formatMessage(m.fieldTrack)}
              value={draft.trackId}
              onChange={(v) => set("trackId", v)}
              options={tracks}
              error={errors.trackId ?? errors.albumId}
            />
          )}
        </>
      )}
      {draft.kind === "merch" && (
        <>
          <SelectField<WeightClass | "">
            label={intl.formatMessage(m.fieldWeightClass)}
            value={draft.weightClass}
            onChange={(v) => set("weightClass", v)}
            options={[
              { value: "", label: intl.formatMessage(m.chooseWeight) },
              ...WEIGHT_CLASSES.map((w) => ({ value: w, label: intl.formatMessage(WEIGHT_LABELS[w]) })),
            ]}
            error={errors.weightClass}
          />
          <SelectField
            label={intl.formatMessage(m.fieldBundledAlbum)}
            value={draft.bundledAlbumId}
            onChange={(v) => set("bundledAlbumId", v)}
            options={[{ value: "", label: intl.formatMessage(m.noBundle) }, ...albums.slice(1)]}
            error={errors.bundledAlbumId}
          />
          <TextField
            label={intl.formatMessage(m.fieldShipsFrom)}
            type="date"
            value={draft.shipsFrom}
            onChange={(v) => set("shipsFrom", v)}
            hint={intl.formatMessage(m.fieldShipsFromHint)}
            error={errors.shipsFrom}
          />
        </>
      )}
      {draft.kind === "gift_vip" && (
        <>
          <SelectField
            label={intl.formatMessage(m.fieldGiftMonths)}
            value={draft.giftMonths}
            onChange={(v) => set("giftMonths", v)}
            options={[
              { value: "", label: intl.formatMessage(m.chooseMonths) },
              ...GIFT_MONTHS.map((n) => ({ value: String(n), label: intl.formatMessage(m.giftMonthsLabel, { months: n }) })),
            ]}
            error={errors.giftMonths}
          />
          <SelectField
            label={intl.formatMessage(m.fieldGiftTier)}
            value={draft.giftTierId}
            onChange={(v) => set("giftTierId", v)}
            options={giftTierOptions}
            error={errors.giftTierId}
          />
        </>
      )}
      <div className="admin-store-pair">
        <TextField
          label={intl.formatMessage(m.fieldPerOrderLimit)}
          type="number"
          min={1}
          max={STORE_PER_ORDER_MAX}
          value={draft.perOrderLimit}
          onChange={(v) => set("perOrderLimit", v)}
          error={errors.perOrderLimit}
        />
        <TextField
          label={intl.formatMessage(m.fieldPosition)}
          type="number"
          min={0}
          value={draft.position}
          onChange={(v) => set("position", v)}
          hint={intl.formatMessage(m.fieldPositionHint)}
          error={errors.position}
        />
      </div>
    </fieldset>
  );
}
