// The store's words: its back office's audit actions, named in each language.
// And the codes its routes and forms refuse with, each with its English (decision 181).
import type { AuditActionNames, NotificationKinds, RouteCodeWords, ValidationCodeWords } from "./area";
import { STORE_ORDER_MESSAGES, TRACKING_NUMBER_MAX } from "../store/admin-orders-limits.ts";
import {
  STORE_ADMIN_MESSAGES as STORE_ADMIN,
  STORE_DESCRIPTION_MAX,
  STORE_FORM_MESSAGES as STORE,
  STORE_PER_ORDER_MAX,
  STORE_TITLE_MAX,
  STORE_VARIANT_TEXT_MAX,
  STORE_VIP_DISCOUNT_MAX,
} from "../store/admin-limits.ts";

export const auditActions = {
  "store.product.create": { en: "Product created", "pt-BR": "Produto criado" },
  "store.product.update": { en: "Product edited", "pt-BR": "Produto editado" },
  "store.product.delete": { en: "Product deleted", "pt-BR": "Produto excluído" },
  "store.product.picture.add": { en: "Product picture added", "pt-BR": "Foto do produto adicionada" },
  "store.product.picture.delete": { en: "Product picture deleted", "pt-BR": "Foto do produto excluída" },
  "store.product.picture.order": { en: "Product pictures reordered", "pt-BR": "Fotos do produto reordenadas" },
  "store.variant.create": { en: "Size or colour added", "pt-BR": "Tamanho ou cor adicionado" },
  "store.variant.update": { en: "Size or colour edited", "pt-BR": "Tamanho ou cor editado" },
  "store.variant.delete": { en: "Size or colour deleted", "pt-BR": "Tamanho ou cor excluído" },
  "store.variant.stock": { en: "Stock adjusted", "pt-BR": "Estoque ajustado" },
  "store.promo.create": { en: "Promo code created", "pt-BR": "Código promocional criado" },
  "store.promo.update": { en: "Promo code edited", "pt-BR": "Código promocional editado" },
  "store.promo.delete": { en: "Promo code deleted", "pt-BR": "Código promocional excluído" },
  "store.shipping.update": { en: "Shipping rates changed", "pt-BR": "Fretes alterados" },
  "store.tierDiscounts.update": { en: "Member prices by tier changed", "pt-BR": "Preços de membro por nível alterados" },
  "store.order.ship": { en: "Order marked shipped", "pt-BR": "Pedido marcado como enviado" },
  "store.order.refund": { en: "Order refund requested", "pt-BR": "Reembolso do pedido solicitado" },
} as const satisfies AuditActionNames;

/** The notifications it sends: how loudly each arrives, its line in the settings and its sentence in the centre. */
export const notificationKinds = {
  /** My store order is on its way, its number as the title. */
  order_shipped: {
    urgent: false,
    loud: false,
    label: { en: "My store orders shipped", "pt-BR": "Meus pedidos da loja enviados" },
    text: {
      en: "Your order {title} has shipped",
      "pt-BR": "Seu pedido {title} foi enviado",
    },
    push: {
      en: ({ params }) => ({ title: "Your order has shipped", body: `Order ${params.title ?? ""} is on its way.` }),
      "pt-BR": ({ params }) => ({ title: "Seu pedido foi enviado", body: `O pedido ${params.title ?? ""} está a caminho.` }),
    },
  },
  /** A release I pre-ordered is out: the whole of it downloads now (decision 118). */
  preorder_out: {
    urgent: false,
    loud: false,
    label: { en: "My pre-orders out", "pt-BR": "Minhas pré-vendas lançadas" },
    text: {
      en: "{title} is out — your pre-order is in your collection",
      "pt-BR": "{title} já saiu — sua pré-venda está na sua coleção",
    },
    push: {
      en: ({ params }) => ({ title: "It's out", body: `${params.title ?? ""} is out: all of it is in your collection now.` }),
      "pt-BR": ({ params }) => ({ title: "Já saiu", body: `${params.title ?? ""} já saiu: tudo já está na sua coleção.` }),
    },
  },
} as const satisfies NotificationKinds;

/** The refusals its routes answer besides the form rules: each code's status and English text (worker/contracts/route-codes.ts gathers them). */
export const routeCodes = {
  // The store (decision 054): pricing a cart, its checkout and the stock it holds
  product_not_found: { status: 404, en: "This product is not in the store" },
  product_not_for_sale: { status: 409, en: "This product is not for sale right now" },
  variant_required: { status: 400, en: "Choose a size or colour first" },
  variant_mismatch: { status: 400, en: "That option belongs to another product" },
  price_below_minimum: { status: 400, en: "The amount is under this product's minimum price" },
  currency_not_offered: { status: 400, en: "This product is not sold in that currency" },
  quantity_over_limit: { status: 400, en: "That is more than one order may hold of this product" },
  quantity_over_stock: { status: 400, en: "There are not that many left" },
  sold_out: { status: 409, en: "Sold out: someone else took the last ones" },
  promo_code_invalid: { status: 400, en: "This code is not valid in the store" },
  promo_code_used_up: { status: 409, en: "This code has been used up" },
  promo_code_not_started: { status: 400, en: "This code is not valid yet" },
  promo_code_expired: { status: 400, en: "This code has expired" },
  promo_code_vip_only: { status: 400, en: "This code is for VIP members only" },
  promo_code_not_applicable: { status: 400, en: "This code does not apply to anything in the cart" },
  cart_empty: { status: 400, en: "The cart is empty" },
  shipping_country_required: { status: 400, en: "Choose the country to ship to" },
  store_checkout_not_found: { status: 404, en: "No such checkout" },
  // Orders, refunds and shipping
  order_not_found: { status: 404, en: "No such order" },
  order_not_shippable: { status: 409, en: STORE_ORDER_MESSAGES.notShippable },
  order_already_shipped: { status: 409, en: STORE_ORDER_MESSAGES.alreadyShipped },
  order_not_refundable: { status: 409, en: STORE_ORDER_MESSAGES.notRefundable },
  // 400 for more than the order shows left; 409 when a racing refund took it meanwhile.
  refund_over_remaining: { status: [400, 409], en: STORE_ORDER_MESSAGES.overRemaining },
  refund_failed: { status: 502, en: STORE_ORDER_MESSAGES.refundFailed },
  // Disputes and early fraud warnings (decision 094)
  dispute_not_found: { status: 404, en: "No such dispute" },
  dispute_closed: { status: 409, en: "This dispute is closed" },
  dispute_not_submittable: { status: 409, en: "A fraud warning takes no evidence" },
  dispute_already_submitted: { status: 409, en: "The evidence was submitted already" },
  dispute_submit_failed: { status: 502, en: "The payment provider did not take the evidence. Please try again." },
  order_not_disputable: { status: 409, en: "Only a paid order that is not refunded in full can be disputed" },
  membership_not_disputable: { status: 409, en: "This member has no VIP payment left to dispute" },
  gift_time_required: { status: 400, en: STORE_ORDER_MESSAGES.giftTimeRequired },
  product_slug_taken: { status: 409, en: STORE_ADMIN.slugTaken },
  product_kind_locked: { status: 409, en: STORE_ADMIN.kindLocked },
  product_has_orders: { status: 409, en: STORE_ADMIN.hasOrders },
  product_not_merch: { status: 409, en: STORE_ADMIN.notMerch },
  product_images_full: { status: 409, en: STORE_ADMIN.imagesFull },
  product_image_not_found: { status: 404, en: STORE_ADMIN.imageNotFound },
  variant_not_found: { status: 404, en: STORE_ADMIN.variantNotFound },
  variant_sku_taken: { status: 409, en: STORE_ADMIN.skuTaken },
  variant_has_orders: { status: 409, en: STORE_ADMIN.variantHasOrders },
  stock_below_zero: { status: 409, en: STORE_ADMIN.stockBelowZero },
  promo_code_not_found: { status: 404, en: STORE_ADMIN.promoNotFound },
  promo_code_taken: { status: 409, en: STORE_ADMIN.promoTaken },
  promo_code_max_below_uses: { status: 409, en: STORE_ADMIN.promoMaxBelowUses },
  // Downloads and the collection
  download_not_found: { status: 404, en: "No such download" },
  download_preparing: { status: 503, en: "This download is being prepared. Try again in a moment." },
  download_link_expired: { status: 410, en: "This download link has expired: open your collection for a new one" },
  not_released_yet: { status: 403, en: "This release is not out yet: its teaser tracks are yours now, the rest on its release day" },
  download_limit_reached: { status: 429, en: "That is enough downloads of this release for today: try again tomorrow" },
  claim_link_invalid: { status: 404, en: "This link is not valid: ask for a new one from your collection" },
  claim_link_expired: { status: 410, en: "This link has expired: ask for a new one from your collection" },
  // Gift VIP
  gift_code_invalid: { status: 404, en: "This gift code does not exist" },
  gift_code_redeemed: { status: 409, en: "This gift code has already been redeemed" },
  gift_tier_below_held: { status: 409, en: "You already have a higher tier than this gift gives: the code stays unused, to keep or give to someone else" },
  gift_tier_comp_running: { status: 409, en: "Your complimentary membership of another tier is still running: redeem this gift once it ends" },
} as const satisfies RouteCodeWords;

/** The rules a person can break in its forms: each code's English text and the values it names (worker/contracts/validation-codes.ts gathers them). */
export const validationCodes = {
  // The back office's store: products, variants and promotion codes (its title rule is title_required)
  store_title_too_long: { message: STORE.titleTooLong, params: { max: STORE_TITLE_MAX } },
  store_description_too_long: { message: STORE.descriptionTooLong, params: { max: STORE_DESCRIPTION_MAX } },
  store_slug_invalid: { message: STORE.slugInvalid },
  store_slug_reserved: { message: STORE.slugReserved },
  store_price_invalid: { message: STORE.priceInvalid },
  store_fixed_price_zero: { message: STORE.fixedPriceZero },
  store_vip_price_and_discount: { message: STORE.vipPriceAndDiscount },
  store_vip_price_not_lower: { message: STORE.vipPriceNotLower },
  store_vip_price_incomplete: { message: STORE.vipPriceIncomplete },
  store_vip_discount_invalid: { message: STORE.vipDiscountInvalid, params: { max: STORE_VIP_DISCOUNT_MAX } },
  store_release_required: { message: STORE.releaseRequired },
  store_album_unknown: { message: STORE.albumUnknown },
  store_track_unknown: { message: STORE.trackUnknown },
  store_weight_class_required: { message: STORE.weightClassRequired },
  store_gift_months_required: { message: STORE.giftMonthsRequired },
  store_per_order_limit_invalid: { message: STORE.perOrderLimitInvalid, params: { max: STORE_PER_ORDER_MAX } },
  store_position_invalid: { message: STORE.positionInvalid },
  store_sku_invalid: { message: STORE.skuInvalid },
  store_variant_text_too_long: { message: STORE.variantTextTooLong, params: { max: STORE_VARIANT_TEXT_MAX } },
  store_stock_invalid: { message: STORE.stockInvalid },
  store_stock_delta_invalid: { message: STORE.stockDeltaInvalid },
  store_promo_code_invalid: { message: STORE.promoCodeInvalid },
  store_promo_percent_invalid: { message: STORE.promoPercentInvalid },
  store_promo_max_uses_invalid: { message: STORE.promoMaxUsesInvalid },
  store_promo_perk_unknown: { message: STORE.promoPerkUnknown },
  store_promo_time_invalid: { message: STORE.promoTimeInvalid },
  store_promo_end_before_start: { message: STORE.promoEndBeforeStart },

  // The back office's store orders: marking one shipped, a refund's amount, the list's period
  tracking_number_required: { message: STORE_ORDER_MESSAGES.trackingNumberRequired },
  tracking_number_invalid: { message: STORE_ORDER_MESSAGES.trackingNumberInvalid, params: { max: TRACKING_NUMBER_MAX } },
  tracking_url_invalid: { message: STORE_ORDER_MESSAGES.trackingUrlInvalid },
  carrier_name_required: { message: STORE_ORDER_MESSAGES.carrierNameRequired },
  refund_amount_invalid: { message: STORE_ORDER_MESSAGES.refundAmountInvalid },
  order_period_invalid: { message: STORE_ORDER_MESSAGES.periodInvalid },
} as const satisfies ValidationCodeWords;
