// The Brazilian Portuguese texts of the site's mails: the same keys as texts.en.ts (the type
// refuses a missing or extra key; tests/node/mail-texts.test.ts checks it at run time too).
import type { MailTexts } from "./texts.en";

export const mailTextsPtBR: MailTexts = {
  greeting: "Olá,",
  greetingName: (name) => `Olá, ${name},`,
  signature: (brand) => `— ${brand}`,

  resetSubject: "Redefina sua senha",
  resetIntro: (brand) => `Alguém (esperamos que você) pediu para redefinir a senha da sua conta ${brand}.`,
  resetOpen: "Abra este link para escolher uma nova senha:",
  resetValidity: (minutes) => `O link funciona uma vez e expira em ${minutes} minutos.`,
  resetIgnore: "Se você não pediu isso, pode ignorar este e-mail: sua senha continua a mesma.",

  inviteSubject: (brand) => `Você foi convidado para o ${brand}`,
  inviteIntro: (brand) => `Você foi convidado para participar do ${brand}, a comunidade oficial de fãs.`,
  inviteOpen: "Abra este link para criar sua conta gratuita:",
  inviteLink: "Criar sua conta gratuita",
  inviteIgnore: "Se você não esperava este convite, pode ignorar este e-mail.",

  replySubjectPrefix: "Re:",
  replyQuote: (when) => `Em ${when}, você escreveu:`,

  contactSubject: (subject) => `Formulário de contato: ${subject}`,
  contactTopicSubject: (topic, subject) => `Formulário de contato (${topic}): ${subject}`,
  contactTopicLabel: "Tema",
  contactTopicAccessibility: "Acessibilidade",
  contactHeading: (brand) => `Nova mensagem pelo formulário de contato do ${brand}.`,
  contactFrom: "De",
  contactSubjectLabel: "Assunto",
  contactLanguage: "Escrita em",
  contactFooter: "Leia e responda no painel administrativo, em Mensagens.",
  languageEn: "Inglês",
  languagePtBR: "Português (Brasil)",

  labelUsername: "Nome de usuário",
  labelEmail: "E-mail",
  labelSignedUp: "Cadastro em",
  labelVipSince: "VIP desde",
  labelEvent: "Evento",
  labelOrder: "Pedido",
  labelCustomer: "Cliente",
  labelTickets: "Ingressos",
  labelTicketsNotIssued: "Esgotados antes do pagamento (não emitidos, a reembolsar)",
  labelTotal: "Total",
  labelDate: "Data",

  newUserSubject: (username) => `Novo membro: ${username}`,
  newUserHeading: (brand) => `Um novo membro entrou no ${brand}.`,
  newVipSubject: (username) => `Nova assinatura VIP: ${username}`,
  newVipHeading: (brand) => `Um membro assinou o VIP do ${brand}.`,
  membersFooter: "Veja todos os membros no painel administrativo, em Usuários.",
  ticketSubject: (event) => `Compra de ingressos: ${event}`,
  ticketHeading: (brand) => `Ingressos foram comprados no ${brand}.`,
  ticketsFooter: "Veja todos os pedidos no painel administrativo, em Ingressos.",

  reminderConfirmSubject: (title) => `Confirme seu lembrete de ${title}`,
  reminderConfirmIntro: (title) => `Você pediu um lembrete por e-mail antes de ${title}.`,
  reminderConfirmOpen: "Abra este link para confirmá-lo:",
  reminderConfirmValidity: (days) => `O link vale por ${days} dias.`,
  reminderConfirmIgnore: "Se você não pediu isso, pode ignorar este e-mail: nenhum lembrete será enviado.",
  reminderSubject: (title, when) => `Lembrete: ${title} começa ${when}`,
  reminderStarts: (title, when) => `${title} começa ${when}.`,
  reminderEventTime: "Horário do evento",
  reminderYourTime: "Seu horário",
  reminderWhere: "Onde",
  reminderOnline: "Online: membros VIP podem entrar pela página do evento pouco antes do início.",
  reminderLink: "Página do evento",
  reminderCalendar: "O arquivo de calendário anexo adiciona o evento à sua agenda.",
  reminderWhy: "Você recebeu este e-mail porque pediu um lembrete deste evento.",
  reminderMovedSubject: (title) => `Novo horário: ${title}`,
  reminderMovedIntro: (title) => `${title} mudou de horário.`,
  reminderMovedNext: "Seus lembretes seguem o novo horário.",
  reminderCancelledSubject: (title) => `Cancelado: ${title}`,
  reminderCancelledIntro: (title) => `${title} foi cancelado. Nenhum outro lembrete será enviado.`,

  // tickets: cancellation
  ticketsCancelledSubject: (title) => `Cancelado: ${title} (seus ingressos foram reembolsados)`,
  ticketsCancelledIntro: (title) => `${title} foi cancelado. Sentimos muito.`,
  ticketsRefunded: (count, countText, amount) =>
    count === 1 ? `Seu ingresso foi reembolsado: ${amount}.` : `Seus ${countText} ingressos foram reembolsados: ${amount}.`,
  ticketsRefundDelay: "O reembolso pode levar de 5 a 10 dias para aparecer na sua fatura.",
  ticketsNothingToRefund: (count, countText) =>
    count === 1
      ? "Seu ingresso foi cancelado; como era gratuito, não há nada a reembolsar."
      : `Seus ${countText} ingressos foram cancelados; como eram gratuitos, não há nada a reembolsar.`,
  ticketsOrder: (number) => `Pedido nº ${number}`,
  ticketsMovedSubject: (title) => `Novo horário de ${title}: seus ingressos continuam válidos`,
  ticketsMovedIntro: (title) => `${title} mudou de horário.`,
  ticketsNewTime: "Novo horário",
  ticketsOldTime: "Antes",
  ticketsStayValid: (count, countText) =>
    count === 1
      ? "Seu ingresso continua válido para o novo horário: não é preciso fazer nada."
      : `Seus ${countText} ingressos continuam válidos para o novo horário: não é preciso fazer nada.`,
  ticketTransferSubject: (title) => `Um ingresso para ${title} é seu`,
  ticketTransferIntro: (sender, title) => `${sender} transferiu para você um ingresso para ${title}.`,
  ticketTransferWhen: "Quando",
  ticketTransferWhere: "Onde",
  ticketTransferType: "Ingresso",
  ticketTransferCode: "Código",
  ticketTransferOpen: "Abra-o para ver o QR code, imprimi-lo e informar o nome de quem vai usá-lo:",
  ticketTransferNote: "Na entrada, só valem o novo QR code e o novo código deste ingresso: os anteriores não funcionam mais.",
};
