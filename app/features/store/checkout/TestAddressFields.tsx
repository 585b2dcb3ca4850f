// The local test checkout's shipping address: what Stripe's page would ask a physical cart for,
// in the one country its shipping was priced for, filled with a sample address to edit or keep.
import { useIntl } from "react-intl";
import { FormField } from "../../../components/form/FormField";
import type { ShippingAddress } from "#contracts/store/checkout.ts";
import { checkoutMessages as m } from "./messages";
import { countryName } from "../../../lib/intlFormat";

export type TestAddress = { name: string; address: ShippingAddress };

const SAMPLES: Record<string, Omit<ShippingAddress, "country">> = {
  BR: { line1: "Rua Augusta, 1500", line2: "apto 42", city: "São Paulo", state: "SP", postalCode: "01304-001" },
  US: { line1: "1200 Ocean Drive", line2: null, city: "Miami Beach", state: "FL", postalCode: "33139" },
};
const ELSEWHERE: Omit<ShippingAddress, "country"> = { line1: "1 Test Street", line2: null, city: "Test City", state: null, postalCode: "10000" };

export const sampleAddress = (country: string): TestAddress => ({ name: "Test Buyer", address: { ...(SAMPLES[country] ?? ELSEWHERE), country } });

export const isComplete = (a: TestAddress) => Boolean(a.name.trim() && a.address.line1.trim() && a.address.city.trim() && a.address.postalCode.trim());

export function TestAddressFields({ value, onChange, disabled }: { value: TestAddress; onChange: (next: TestAddress) => void; disabled: boolean }) {
  const intl = useIntl();
  const set = (field: keyof Omit<ShippingAddress, "country">) => (e: React.ChangeEvent<HTMLInputElement>) =>
    onChange({ ...value, address: { ...value.address, [field]: e.target.value } });
  return (
    <fieldset className="store-address" disabled={disabled}>
      <legend>{intl.formatMessage(m.addressTitle)}</legend>
      <p className="field-hint">{intl.formatMessage(m.addressHint)}</p>
      <FormField label={intl.formatMessage(m.name)} value={value.name} autoComplete="name" onChange={(e) => onChange({ ...value, name: e.target.value })} />
      <FormField label={intl.formatMessage(m.line1)} value={value.address.line1} autoComplete="address-line1" onChange={set("line1")} />
      <FormField label={intl.formatMessage(m.line2)} value={value.address.line2 ?? ""} autoComplete="address-line2" onChange={set("line2")} />
      <div className="store-address-row">
        <FormField label={intl.formatMessage(m.city)} value={value.address.city} autoComplete="address-level2" onChange={set("city")} />
        <FormField label={intl.formatMessage(m.state)} value={value.address.state ?? ""} autoComplete="address-level1" onChange={set("state")} />
        <FormField label={intl.formatMessage(m.postalCode)} value={value.address.postalCode} autoComplete="postal-code" onChange={set("postalCode")} />
      </div>
      <FormField label={intl.formatMessage(m.country)} value={countryName(value.address.country, intl.locale)} readOnly />
    </fieldset>
  );
}
