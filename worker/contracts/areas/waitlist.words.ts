// The waitlist's words (decisions 185, 189, 190): the back office's audit actions (its settings,
// export and seats released), the offer and closing notifications with their push and e-mail
// words, and the codes of its refusals and of its forms' rules, each with its English.
import type { AuditActionNames, NotificationKinds, RouteCodeWords, ValidationCodeWords } from "./area";
import {
  WAITLIST_CLOSES_BEFORE_MINUTES,
  WAITLIST_HOLD_MINUTES,
  WAITLIST_MESSAGES as M,
  WAITLIST_QUANTITY_MAX,
  WAITLIST_RELEASE_MAX,
} from "../waitlist/model.ts";
import { WAITLIST_ADMIN_MESSAGES as A } from "../waitlist/admin-model.ts";

export const auditActions = {
  "waitlist.release": { en: "Seats released to a waitlist", "pt-BR": "Lugares liberados para uma lista de espera" },
  "waitlist.rules_updated": { en: "Waitlist settings changed", "pt-BR": "Configurações da lista de espera alteradas" },
  "waitlist.places_export": { en: "Waitlist exported", "pt-BR": "Lista de espera exportada" },
} as const satisfies AuditActionNames;

export const notificationKinds = {
  /** A returned ticket is held for the member: pay before the hold ends or it passes on. */
  waitlist_offer: {
    urgent: true,
    loud: true,
    label: { en: "Tickets offered to me from a waitlist", "pt-BR": "Ingressos oferecidos a mim por uma lista de espera" },
    text: {
      en: "A ticket for {title} is yours to buy at face value until {date}",
      "pt-BR": "Um ingresso para {title} está reservado para você pelo valor de face até {date}",
    },
    push: {
      en: ({ params, format }) => ({
        title: `A ticket for ${params.title ?? "the show"} is waiting for you`,
        body: `It is held for you at face value until ${format.date(params.at)}: pay before then or it goes to the next fan.`,
      }),
      "pt-BR": ({ params, format }) => ({
        title: `Um ingresso para ${params.title ?? "o show"} espera por você`,
        body: `Ele está reservado para você pelo valor de face até ${format.date(params.at)}: pague antes disso ou ele passa para o próximo fã.`,
      }),
    },
  },
  /** The show was cancelled: its waitlist is closed and any offer withdrawn. */
  waitlist_closed: {
    urgent: true,
    loud: true,
    label: { en: "Waitlists closed by a cancelled show", "pt-BR": "Listas de espera encerradas por um show cancelado" },
    text: {
      en: "{title} was cancelled: its waitlist is closed",
      "pt-BR": "{title} foi cancelado: a lista de espera foi encerrada",
    },
    push: {
      en: ({ params }) => ({
        title: `${params.title ?? "A show"} was cancelled`,
        body: "Its waitlist is closed and nothing was charged to you.",
      }),
      "pt-BR": ({ params }) => ({
        title: `${params.title ?? "Um show"} foi cancelado`,
        body: "A lista de espera foi encerrada e nada foi cobrado de você.",
      }),
    },
  },
  /** The show moved to a new date: the member's place is kept, an offer they had is made afresh. */
  waitlist_moved: {
    urgent: true,
    loud: true,
    label: { en: "Waitlists of shows that moved", "pt-BR": "Listas de espera de shows que mudaram de data" },
    text: {
      en: "{title} moved to {date}: your place on its waitlist is kept",
      "pt-BR": "{title} mudou para {date}: seu lugar na lista de espera foi mantido",
    },
    push: {
      en: ({ params, format }) => ({
        title: `${params.title ?? "A show"} has a new date`,
        body: `It now starts ${format.date(params.at)}. Your place on its waitlist is kept; any ticket held for you is offered again.`,
      }),
      "pt-BR": ({ params, format }) => ({
        title: `${params.title ?? "Um show"} tem uma nova data`,
        body: `Agora ele começa em ${format.date(params.at)}. Seu lugar na lista de espera foi mantido; um ingresso reservado para você é oferecido de novo.`,
      }),
    },
  },
} as const satisfies NotificationKinds;

export const routeCodes = {
  waitlist_type_not_found: { status: 404, en: M.typeNotFound },
  waitlist_not_sold_out: { status: 409, en: M.notSoldOut },
  waitlist_closed: { status: 409, en: M.closed },
  waitlist_already_joined: { status: 409, en: M.alreadyJoined },
  waitlist_place_not_found: { status: 404, en: M.placeNotFound },
  waitlist_return_not_found: { status: 404, en: M.returnNotFound },
  waitlist_returns_closed: { status: 409, en: M.returnsClosed },
  waitlist_already_returned: { status: 409, en: M.alreadyReturned },
  waitlist_return_offered: { status: 409, en: M.returnOffered },
  waitlist_offer_not_found: { status: 404, en: M.offerNotFound },
  waitlist_offer_gone: { status: 409, en: M.offerGone },
  waitlist_release_closed: { status: 409, en: M.releaseClosed },
  // A transfer of a ticket the waitlist holds (decision 191): handed back, or bought from the list.
  ticket_handed_back: { status: 409, en: M.ticketHandedBack },
  ticket_from_waitlist: { status: 409, en: M.ticketFromWaitlist },
} as const satisfies RouteCodeWords;

export const validationCodes = {
  waitlist_quantity_invalid: { message: M.quantityInvalid, params: { max: WAITLIST_QUANTITY_MAX } },
  waitlist_release_count_invalid: { message: M.releaseCountInvalid, params: { max: WAITLIST_RELEASE_MAX } },
  waitlist_hold_minutes_invalid: { message: A.holdMinutesInvalid, params: { min: WAITLIST_HOLD_MINUTES.min, max: WAITLIST_HOLD_MINUTES.max } },
  waitlist_closes_before_invalid: {
    message: A.closesBeforeMinutesInvalid,
    params: { min: WAITLIST_CLOSES_BEFORE_MINUTES.min, max: WAITLIST_CLOSES_BEFORE_MINUTES.max },
  },
} as const satisfies ValidationCodeWords;
