// The texts of the errors the API names by code (worker/contracts/validation-codes.ts and
// route-codes.ts), shared by every form that shows them, and the label of the username field,
// which the sign-up form and the profile dialog both have. Ids are the ones the features used
// before, so both catalogs keep their keys.
import { defineMessage, defineMessages } from "react-intl";

export const formMessages = defineMessages({
  usernameLabel: { id: "auth.field.username", defaultMessage: "Username" },

  // Accounts (docs/features.md#sign-up-sign-in-and-profiles)
  usernameRequired: { id: "auth.validation.usernameRequired", defaultMessage: "Username is required" },
  usernameTooLong: { id: "auth.validation.usernameTooLong", defaultMessage: "Username must be at most 30 characters" },
  usernamePattern: {
    id: "auth.validation.usernamePattern",
    defaultMessage: "Username can only contain letters, numbers, and underscores",
  },
  emailInvalid: { id: "auth.validation.emailInvalid", defaultMessage: "Please enter a valid email address" },
  passwordMin: { id: "auth.validation.passwordMin", defaultMessage: "Password must be at least 6 characters" },
  passwordTooLong: { id: "auth.validation.passwordTooLong", defaultMessage: "Password is too long" },
  passwordsDontMatch: { id: "auth.validation.passwordsDontMatch", defaultMessage: "Passwords don't match" },
  rateLimited: { id: "auth.error.rateLimited", defaultMessage: "Too many attempts. Please wait a few minutes and try again." },
  // The bot check on a visitor's forms (decision 090)
  botCheckRefused: { id: "botCheck.refused", defaultMessage: "The check that you are not a bot did not pass. Please try again." },
  botCheckUnavailable: { id: "botCheck.unavailable", defaultMessage: "The check that you are not a bot is not available right now. Please try again later." },
  emailTaken: { id: "auth.error.emailTaken", defaultMessage: "An account with this email already exists" },
  usernameTaken: { id: "auth.error.usernameTaken", defaultMessage: "This username is already taken" },

  // E-mail verification (worker/contracts/email-verification.ts)
  emailUnverified: { id: "verifyEmail.error.unverified", defaultMessage: "Please verify your e-mail address first: open the link we sent you." },
  verificationInvalid: { id: "verifyEmail.error.invalid", defaultMessage: "This verification link is not valid or was already used." },
  verificationExpired: { id: "verifyEmail.error.expired", defaultMessage: "This verification link has expired. Ask for a new one." },
  emailAlreadyVerified: { id: "verifyEmail.error.alreadyVerified", defaultMessage: "Your e-mail address is already verified." },
  emailUnchanged: { id: "verifyEmail.error.unchanged", defaultMessage: "This is already your e-mail address." },

  // The newsletter (worker/routes/newsletter.ts)
  newsletterInvalidToken: {
    id: "newsletter.error.invalidToken",
    defaultMessage: "This confirmation link is not valid any more. Subscribe again to get a new one.",
  },
  newsletterInvalidLink: {
    id: "newsletter.error.invalidLink",
    defaultMessage: "This link is not valid. Use the link in the latest e-mail we sent you.",
  },
  addressSuppressed: {
    id: "newsletter.error.suppressed",
    defaultMessage:
      "This address cannot receive our e-mails: its mail provider reported it as undeliverable, or one of our e-mails was marked as spam. Write to us if you want them again.",
  },

  // Profiles and pictures
  invalidUrl: { id: "profile.edit.invalidUrl", defaultMessage: "Please enter a valid URL" },
  notImage: { id: "profile.edit.notImage", defaultMessage: "Please select an image file" },

  // Any member-typed text
  invalidCharacters: { id: "form.invalidCharacters", defaultMessage: "This text contains characters that are not allowed" },

  // The feed
  postRequired: { id: "feed.composer.required", defaultMessage: "Write something to post" },
  commentRequired: { id: "feed.comments.required", defaultMessage: "Write something to comment" },
  imageNotFound: { id: "feed.error.imageNotFound", defaultMessage: "The image was not found. Please upload it again." },

  // The contact form
  nameRequired: { id: "contact.error.nameRequired", defaultMessage: "Name is required" },
  subjectRequired: { id: "contact.error.subjectRequired", defaultMessage: "Subject is required" },
  messageRequired: { id: "contact.error.messageRequired", defaultMessage: "Message is required" },

  // The store: pricing a cart and its checkout (worker/services/store/pricing.ts)
  productNotFound: { id: "store.error.productNotFound", defaultMessage: "This product is not in the store any more." },
  productNotForSale: { id: "store.error.productNotForSale", defaultMessage: "This product is not for sale right now." },
  variantRequired: { id: "store.error.variantRequired", defaultMessage: "Choose a size or colour first." },
  variantMismatch: { id: "store.error.variantMismatch", defaultMessage: "That option belongs to another product." },
  priceBelowMinimum: { id: "store.error.priceBelowMinimum", defaultMessage: "The amount is under this product's minimum price." },
  currencyNotOffered: { id: "store.error.currencyNotOffered", defaultMessage: "This product is not sold in that currency." },
  soldOut: { id: "store.error.soldOut", defaultMessage: "Sold out: someone else took the last ones." },
  promoCodeInvalid: { id: "store.error.promoCodeInvalid", defaultMessage: "This code is not valid in the store." },
  promoCodeUsedUp: { id: "store.error.promoCodeUsedUp", defaultMessage: "This code has been used up." },
  promoCodeNotStarted: { id: "store.error.promoCodeNotStarted", defaultMessage: "This code is not valid yet." },
  promoCodeExpired: { id: "store.error.promoCodeExpired", defaultMessage: "This code has expired." },
  promoCodeVipOnly: { id: "store.error.promoCodeVipOnly", defaultMessage: "This code is for VIP members only." },
  promoCodeNotApplicable: { id: "store.error.promoCodeNotApplicable", defaultMessage: "This code does not apply to anything in your cart." },
  cartEmpty: { id: "store.error.cartEmpty", defaultMessage: "Your cart is empty." },
  shippingCountryRequired: { id: "store.error.shippingCountryRequired", defaultMessage: "Choose the country to ship to." },
  storeCheckoutNotFound: { id: "store.error.checkoutNotFound", defaultMessage: "We couldn't find this checkout." },
});

export const quantityOverLimitMessage = defineMessage<{ limit: number }>({
  id: "store.error.quantityOverLimit",
  defaultMessage: "One order may hold at most {limit} of this product.",
});
export const quantityOverStockMessage = defineMessage<{ available: number }>({ id: "store.error.quantityOverStock", defaultMessage: "Only {available} left." });

// Messages with placeholders, typed so a missing or misspelt value fails the type check.
export const imageDimensionsMessage = defineMessage<{ max: number }>({
  id: "profile.edit.imageDimensions",
  defaultMessage: "Image must be at most {max} pixels wide and high",
});
export const bioTooLongMessage = defineMessage<{ max: number }>({ id: "profile.edit.bioTooLong", defaultMessage: "Bio must be at most {max} characters" });
export const locationTooLongMessage = defineMessage<{ max: number }>({
  id: "profile.edit.locationTooLong",
  defaultMessage: "Location must be at most {max} characters",
});
export const postTooLongMessage = defineMessage<{ max: number }>({
  id: "feed.composer.tooLong",
  defaultMessage: "Posts can be at most {max, number} characters",
});
export const commentTooLongMessage = defineMessage<{ max: number }>({
  id: "feed.comments.tooLong",
  defaultMessage: "Comments can be at most {max, number} characters",
});
export const detailsTooLongMessage = defineMessage<{ max: number }>({
  id: "feed.report.detailsTooLong",
  defaultMessage: "Details can be at most {max, number} characters",
});
export const contactTooLongMessage = defineMessage<{ max: number }>({ id: "contact.error.tooLong", defaultMessage: "Please use at most {max} characters" });
