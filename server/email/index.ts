/**
 * The e-mail module: typed templates rendered in the recipient's language, a transactional outbox
 * (`enqueueEmail`) delivered by a retrying worker, and the transports (SMTP, or a development folder
 * with its /dev/outbox pages). Features import from here, not from the files behind it.
 */
export { createDevOutboxRoutes } from "./dev-outbox-routes";
export { emailText, operatorBrand } from "./email-catalogue";
export {
  emailMessageSchema,
  InvalidEmailMessageError,
  verifyEmailValidHours,
  waitlistOfferValidHours,
  type AccountDeletedPayload,
  type BookingReceivedPayload,
  type EmailMessage,
  type EmailPayload,
  type EmailTemplateName,
  type PasswordResetPayload,
  type VerifyEmailPayload,
  type WaitlistOfferPayload,
} from "../deps/email-messages";
export { emailRetryDelayMs, startEmailWorker, type EmailWorker, type EmailWorkerLogger, type EmailWorkerOptions } from "./email-worker";
export { enqueueEmail, type EmailToSend } from "../deps/enqueue-email";
export { createMailTransport, type MailTransport, type MailTransportConfig, type OutgoingMail } from "./mail-transport";
export { renderEmail, type RenderedEmail } from "./render-email";
