// "Mark shipped": the carrier (a known one builds the tracking link from the number; another is
// named, its link typed), the tracking number, and an optional link. The shared schema checks the
// form before it is sent; the Worker's 400 lands on the field it names.
import { useState } from "react";
import { useIntl } from "react-intl";
import { CARRIERS, CARRIER_NAMES, shipBodySchema, TRACKING_NUMBER_MAX, type Carrier, type ShipBody, type ShipResponse } from "#contracts/store/admin-orders.ts";
import type { ErrorText } from "../components/form/errors";
import { SelectField, TextField } from "../components/form/fields";
import { FormDialog } from "../components/form/FormDialog";
import { fieldErrorsOf, requestError } from "./errors";
import { carrierMessages, ordersMessages as m } from "./messages";
import { useShipOrder } from "./queries";

const FIELDS = ["carrier", "carrierName", "trackingNumber", "trackingUrl"] as const;
type Field = (typeof FIELDS)[number];

type Props = { orderId: string; number: number; onClose: () => void; onShipped: (result: ShipResponse) => void };

export function ShipDialog({ orderId, number, onClose, onShipped }: Props) {
  const intl = useIntl();
  const [carrier, setCarrier] = useState<Carrier>("correios");
  const [carrierName, setCarrierName] = useState("");
  const [trackingNumber, setTrackingNumber] = useState("");
  const [trackingUrl, setTrackingUrl] = useState("");
  const [errors, setErrors] = useState<Partial<Record<Field, ErrorText>>>({});
  const [formError, setFormError] = useState<ErrorText | null>(null);
  const ship = useShipOrder(orderId);

  const submit = () => {
    setFormError(null);
    const body: ShipBody = { carrier, trackingNumber, ...(carrier === "other" ? { carrierName } : {}), ...(trackingUrl.trim() ? { trackingUrl } : {}) };
    const checked = shipBodySchema.safeParse(body);
    if (!checked.success) return setErrors(fieldErrorsOf(checked.error, FIELDS));
    setErrors({});
    ship.mutate(body, {
      onSuccess: onShipped,
      onError: (err) => {
        const { field, error } = requestError(err, FIELDS);
        if (field) setErrors({ [field]: error });
        else setFormError(error);
      },
    });
  };

  const options = CARRIERS.map((value) => ({ value, label: value === "other" ? intl.formatMessage(carrierMessages.other) : CARRIER_NAMES[value] }));
  return (
    <FormDialog
      title={`${intl.formatMessage(m.shipTitle)} · #${number}`}
      onClose={onClose}
      onSubmit={submit}
      pending={ship.isPending}
      submit={m.shipSubmit}
      submitting={m.shipSubmitting}
      error={formError}
    >
      <SelectField label={intl.formatMessage(m.carrierLabel)} value={carrier} options={options} onChange={setCarrier} error={errors.carrier} />
      {carrier === "other" && (
        <TextField label={intl.formatMessage(m.carrierNameLabel)} value={carrierName} onChange={setCarrierName} required error={errors.carrierName} />
      )}
      <TextField
        label={intl.formatMessage(m.trackingNumberLabel)}
        value={trackingNumber}
        onChange={setTrackingNumber}
        required
        autoFocus
        maxLength={TRACKING_NUMBER_MAX}
        error={errors.trackingNumber}
      />
      <TextField
        label={intl.formatMessage(m.trackingUrlLabel)}
        type="url"
        value={trackingUrl}
        onChange={setTrackingUrl}
        hint={carrier === "other" ? undefined : intl.formatMessage(m.trackingUrlHint)}
        error={errors.trackingUrl}
      />
    </FormDialog>
  );
}
