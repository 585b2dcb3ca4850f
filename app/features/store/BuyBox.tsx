// What a product page offers to buy: the option (merch), the quantity within what one order may
// hold, the amount (name-your-price), and "Add to cart". Adding joins the product's line when the
// cart has it, never past the product's per-order limit or the option's stock.
import { Link } from "@tanstack/react-router";
import { useId, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { useCart } from "../../lib/cart/useCart";
import { addLine, quantityOfProduct, sameItem } from "../../lib/cart/lines";
import { serverErrorText } from "../../lib/forms/errorText";
import type { PublicProduct } from "#contracts/store/store.ts";
import { moneyIn, type Currency } from "#contracts/store/model.ts";
import { amountText, checkAmount } from "./amount";
import { STORE_ERROR_TEXTS } from "./errorTexts";
import { storeMessages as m } from "./messages";
import { NameYourPrice } from "./NameYourPrice";
import { QuantityStepper } from "./QuantityStepper";
import { VariantPicker } from "./VariantPicker";

type Outcome = "added" | "limit" | "failed" | null;

export function BuyBox({ product, currency }: { product: PublicProduct; currency: Currency }) {
  const intl = useIntl();
  const id = useId();
  const cart = useCart();
  const onlyVariant = product.variants.length === 1 && product.variants[0]!.stock.state !== "sold_out" ? product.variants[0]!.id : null;
  const [variantId, setVariantId] = useState<string | null>(onlyVariant);
  const [quantity, setQuantity] = useState(1);
  const minCents = moneyIn(product.price, currency) ?? product.price.usd;
  const suggested = product.suggested ? (moneyIn(product.suggested, currency) ?? product.suggested.usd) : 0;
  // The amount typed, for the currency it was typed in: another currency starts from its suggestion.
  const [amount, setAmount] = useState<{ currency: Currency; text: string } | null>(null);
  const text = amount?.currency === currency ? amount.text : amountText(suggested, intl.locale);
  const [tried, setTried] = useState(false);
  const [outcome, setOutcome] = useState<{ kind: Outcome; error?: unknown }>({ kind: null });

  const variant = product.variants.find((v) => v.id === variantId) ?? null;
  const needsVariant = product.variants.length > 0;
  const max = Math.max(1, needsVariant ? (variant?.maxQuantity ?? product.maxQuantity) : product.maxQuantity);
  const soldOut = product.stock.state === "sold_out";
  const nyp = product.pricing === "name_your_price";

  async function add() {
    setTried(true);
    setOutcome({ kind: null });
    if (needsVariant && !variant) return;
    const checked = nyp ? checkAmount(text, minCents) : null;
    if (checked?.problem) return;
    const line = { productId: product.id, variantId: variant?.id ?? null, quantity, amountCents: checked?.cents ?? null };
    const inCart = cart.lines.filter((other) => sameItem(other, line)).reduce((n, other) => n + other.quantity, 0);
    const room = Math.min(product.perOrderLimit - quantityOfProduct(cart.lines, product.id), (variant?.maxQuantity ?? product.maxQuantity) - inCart);
    const next = addLine(cart.lines, { ...line, quantity: Math.max(0, Math.min(quantity, room)) }, product.perOrderLimit);
    if (room <= 0) return setOutcome({ kind: "limit" });
    try {
      await cart.setLines(next.lines);
      setOutcome({ kind: room < quantity ? "limit" : "added" });
    } catch (error) {
      setOutcome({ kind: "failed", error });
    }
  }

  if (soldOut) {
    return (
      <button type="button" className="btn btn-primary store-add" disabled>
        <FormattedMessage {...m.soldOut} />
      </button>
    );
  }
  const failure = outcome.kind === "failed" ? serverErrorText(outcome.error, STORE_ERROR_TEXTS) : undefined;
  return (
    <form
      className="store-buy"
      onSubmit={(event) => {
        event.preventDefault();
        void add();
      }}
    >
      {needsVariant && (
        <VariantPicker
          name={`${id}-variant`}
          variants={product.variants}
          chosen={variantId}
          onChoose={(chosen) => {
            setVariantId(chosen);
            setQuantity(1);
          }}
        />
      )}
      {tried && needsVariant && !variant && (
        <p className="field-error" role="alert">
          <FormattedMessage {...m.chooseOption} />
        </p>
      )}
      {nyp && (
        <NameYourPrice
          id={`${id}-amount`}
          text={text}
          minCents={minCents}
          currency={currency}
          onChange={(next) => setAmount({ currency, text: next })}
          showProblem={tried}
        />
      )}
      {max > 1 && (
        <div className="store-quantity">
          <label htmlFor={`${id}-quantity`}>
            <FormattedMessage {...m.quantity} />
          </label>
          <QuantityStepper id={`${id}-quantity`} value={Math.min(quantity, max)} max={max} onChange={setQuantity} />
          <span className="muted">
            <FormattedMessage {...m.perOrder} values={{ max: product.perOrderLimit }} />
          </span>
        </div>
      )}
      <button type="submit" className="btn btn-primary store-add" disabled={cart.saving || cart.loading}>
        <FormattedMessage {...(cart.saving ? m.adding : product.release?.outAt ? m.preorder : m.add)} />
      </button>
      <div role="status" className="store-buy-status">
        {(outcome.kind === "added" || outcome.kind === "limit") && (
          <p>
            <FormattedMessage {...(outcome.kind === "added" ? m.added : m.limitReached)} />{" "}
            <Link to="/store/cart">
              <FormattedMessage {...m.viewCart} />
            </Link>
          </p>
        )}
      </div>
      {outcome.kind === "failed" && (
        <p className="error-banner" role="alert">
          {failure ? <FormattedMessage {...failure.message} values={failure.values} /> : <FormattedMessage {...m.addFailed} />}
        </p>
      )}
    </form>
  );
}
