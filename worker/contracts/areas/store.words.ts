// The store's words: its back office's audit actions, named in each language.
import type { AuditActionNames, NotificationKinds } from "./area";

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
  },
} as const satisfies NotificationKinds;
