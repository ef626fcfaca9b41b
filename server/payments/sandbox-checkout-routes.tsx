import { Hono, type Context } from "hono";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { formatMoney } from "../../core/domain/money";
import type { TFunction } from "i18next";
import { namespaceTranslatorFor } from "../../core/i18n/i18n";
import { defaultLocale, type Locale } from "../../core/i18n/locales";
import { isSandboxCheckoutId, sandboxTestCards, type SandboxCheckoutRow, type SandboxProvider } from "./sandbox-provider";

/**
 * The sandbox's hosted payment page (`/sandbox-checkout/{id}`): what a provider's checkout page does,
 * without money. Plain HTML forms, no scripts, its own small style; mounted only outside production.
 * Test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0027 6000 3184
 * asks for an extra confirmation step (like 3-D Secure). Its texts are the `payments` catalogue's
 * (`sandboxCheckout.*`), in the language the checkout was opened in, like every other page.
 */
type Texts = TFunction<"payments">;
type CardField = "number" | "expiry" | "cvc" | "holder";
type CardErrors = Partial<Record<CardField, string>>;

const css = `
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#eef0f4;color:#1d2433}
.banner{background:#7a2e00;color:#fff;padding:.75rem 1rem;text-align:center;font-weight:600}.banner p{margin:0}
main{max-width:28rem;margin:2rem auto;background:#fff;border-radius:.75rem;padding:1.5rem;box-shadow:0 1px 3px #0002}
h1{font-size:1.4rem;margin:0 0 .25rem}
.amount{font-size:2rem;font-weight:700;margin:.5rem 0}
.muted{color:#4a5263;font-size:.95rem}
label{display:block;font-weight:600;margin:1rem 0 .25rem}
input{width:100%;box-sizing:border-box;font-size:1rem;padding:.6rem;border:1px solid #6b7385;border-radius:.4rem}
input[aria-invalid=true]{border:2px solid #b42318}
.error{color:#b42318;font-size:.9rem;margin:.25rem 0 0}
.summary{background:#fdecea;color:#8a1c12;padding:.6rem .8rem;border-radius:.4rem}
button{margin-top:1.25rem;width:100%;font-size:1.05rem;padding:.75rem;border:0;border-radius:.4rem;background:#0b1630;color:#fff;font-weight:600;cursor:pointer}
button.secondary{background:#fff;color:#0b1630;border:2px solid #0b1630}
a{color:#0b1630}
.cards{margin-top:1.5rem;font-size:.9rem}
code{font-size:.95rem}
:focus-visible{outline:3px solid #e6a91f;outline-offset:2px}
`;

/** The page's texts in `locale` (English where a text of that language is missing). */
function textsOf(locale: Locale): Texts {
  return namespaceTranslatorFor(locale, "payments");
}

function page(locale: Locale, title: string, body: ReactNode): string {
  const t = textsOf(locale);
  return `<!doctype html>${renderToStaticMarkup(
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`${title} · Sandbox`}</title>
        <style>{css}</style>
      </head>
      <body>
        <header className="banner">
          <p>{t("sandboxCheckout.banner")}</p>
        </header>
        <main>{body}</main>
      </body>
    </html>,
  )}`;
}

/** Luhn check: a mistyped number is caught like a real page would. */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardErrors(input: Record<CardField, string>, now: Date, t: Texts): CardErrors {
  const errors: CardErrors = {};
  const digits = input.number.replace(/[\s-]/g, "");
  if (!isLuhnValid(digits)) errors.number = t("sandboxCheckout.errors.number");
  else if (!(Object.values(sandboxTestCards) as string[]).includes(digits)) errors.number = t("sandboxCheckout.errors.unknown");
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(input.expiry.trim());
  const month = expiry ? Number(expiry[1]) : 0;
  const year = expiry ? 2000 + Number(expiry[2]) : 0;
  const endOfMonth = new Date(Date.UTC(year, month, 1));
  if (!expiry || month < 1 || month > 12 || endOfMonth <= now) errors.expiry = t("sandboxCheckout.errors.expiry");
  if (!/^\d{3}$/.test(input.cvc.trim())) errors.cvc = t("sandboxCheckout.errors.cvc");
  if (!input.holder.trim()) errors.holder = t("sandboxCheckout.errors.holder");
  return errors;
}

function Field(props: { name: CardField; label: string; value: string; error: string | undefined; autoComplete: string; inputMode?: "numeric" }) {
  const id = `card-${props.name}`;
  return (
    <>
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        name={props.name}
        defaultValue={props.value}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        required
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
      />
      {props.error && (
        <p className="error" id={`${id}-error`}>
          {props.error}
        </p>
      )}
    </>
  );
}

function CheckoutForm({ checkout, values, errors }: { checkout: SandboxCheckoutRow; values: Record<CardField, string>; errors: CardErrors }) {
  const t = textsOf(checkout.locale);
  const amount = formatMoney(checkout.amountCents, checkout.locale);
  return (
    <>
      <h1>{t("sandboxCheckout.title")}</h1>
      <p className="muted">{t("sandboxCheckout.payTo")}</p>
      <p className="amount">{amount}</p>
      <p>{checkout.description}</p>
      <form method="post" action={`/sandbox-checkout/${checkout.id}/pay`} noValidate>
        {Object.keys(errors).length > 0 && (
          <p className="summary" role="alert">
            {t("sandboxCheckout.errors.summary")}
          </p>
        )}
        <Field name="number" label={t("sandboxCheckout.cardNumber")} value={values.number} error={errors.number} autoComplete="cc-number" inputMode="numeric" />
        <Field name="expiry" label={t("sandboxCheckout.expiry")} value={values.expiry} error={errors.expiry} autoComplete="cc-exp" />
        <Field name="cvc" label={t("sandboxCheckout.cvc")} value={values.cvc} error={errors.cvc} autoComplete="cc-csc" inputMode="numeric" />
        <Field name="holder" label={t("sandboxCheckout.holder")} value={values.holder} error={errors.holder} autoComplete="cc-name" />
        <button type="submit">{t("sandboxCheckout.pay", { amount })}</button>
      </form>
      <p>
        <a href={checkout.cancelUrl}>{t("sandboxCheckout.cancel")}</a>
      </p>
      <section className="cards" aria-labelledby="test-cards">
        <h2 id="test-cards">{t("sandboxCheckout.testCards")}</h2>
        <ul>
          <li>
            <code>4242 4242 4242 4242</code> {t("sandboxCheckout.cardSucceeds")}
          </li>
          <li>
            <code>4000 0000 0000 0002</code> {t("sandboxCheckout.cardDeclined")}
          </li>
          <li>
            <code>4000 0027 6000 3184</code> {t("sandboxCheckout.cardConfirm")}
          </li>
        </ul>
        <p>{t("sandboxCheckout.anyFuture")}</p>
      </section>
    </>
  );
}

function Closed({ checkout, message }: { checkout: SandboxCheckoutRow; message: string }) {
  const t = textsOf(checkout.locale);
  return (
    <>
      <h1>{t("sandboxCheckout.title")}</h1>
      <p>{message}</p>
      <p>
        <a href={checkout.status === "complete" ? checkout.successUrl : checkout.cancelUrl}>{t("sandboxCheckout.back")}</a>
      </p>
    </>
  );
}

const emptyCard = { number: "", expiry: "", cvc: "", holder: "" };

/** An id that names no checkout: no checkout, no language of its own, so the default language's page. */
function notFound(c: Context) {
  const message = textsOf(defaultLocale)("sandboxCheckout.notFound");
  return c.html(page(defaultLocale, message, <p>{message}</p>), 404);
}

export function createSandboxCheckoutRoutes(options: { provider: SandboxProvider; now: () => Date }): Hono {
  const app = new Hono();
  const { provider } = options;

  app.use(async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
    c.header("X-Robots-Tag", "noindex");
    c.header(
      "Content-Security-Policy",
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:; frame-ancestors 'none'; base-uri 'none'",
    );
  });

  async function openCheckout(id: string) {
    // An id of another shape names no checkout: the "does not exist" page, without a query (decision 010).
    const checkout = isSandboxCheckoutId(id) ? await provider.findCheckout(id) : null;
    if (!checkout) return { checkout: null, closed: null } as const;
    const t = textsOf(checkout.locale);
    if (checkout.status !== "open") return { checkout, closed: t("sandboxCheckout.finished") } as const;
    if (checkout.expiresAt <= options.now()) return { checkout, closed: t("sandboxCheckout.expired") } as const;
    return { checkout, closed: null } as const;
  }

  app.get("/:id", async (c) => {
    const { checkout, closed } = await openCheckout(c.req.param("id"));
    if (!checkout) return notFound(c);
    if (closed) return c.html(page(checkout.locale, textsOf(checkout.locale)("sandboxCheckout.title"), <Closed checkout={checkout} message={closed} />));
    return c.html(
      page(checkout.locale, textsOf(checkout.locale)("sandboxCheckout.title"), <CheckoutForm checkout={checkout} values={emptyCard} errors={{}} />),
    );
  });

  app.post("/:id/pay", async (c) => {
    const { checkout, closed } = await openCheckout(c.req.param("id"));
    if (!checkout) return notFound(c);
    if (closed) return c.html(page(checkout.locale, textsOf(checkout.locale)("sandboxCheckout.title"), <Closed checkout={checkout} message={closed} />), 409);
    const form = await c.req.parseBody();
    const values = Object.fromEntries(
      (["number", "expiry", "cvc", "holder"] as const).map((field) => [field, String(form[field] ?? "").slice(0, 100)]),
    ) as Record<CardField, string>;
    const t = textsOf(checkout.locale);
    const errors = cardErrors(values, options.now(), t);
    if (Object.keys(errors).length)
      return c.html(page(checkout.locale, t("sandboxCheckout.title"), <CheckoutForm checkout={checkout} values={values} errors={errors} />), 422);
    const digits = values.number.replace(/[\s-]/g, "");
    if (digits === sandboxTestCards.needsConfirmation) {
      return c.html(
        page(
          checkout.locale,
          t("sandboxCheckout.confirmTitle"),
          <>
            <h1>{t("sandboxCheckout.confirmTitle")}</h1>
            <p>{t("sandboxCheckout.confirmText")}</p>
            <p className="amount">{formatMoney(checkout.amountCents, checkout.locale)}</p>
            <form method="post" action={`/sandbox-checkout/${checkout.id}/confirm`}>
              <button type="submit" name="decision" value="approve">
                {t("sandboxCheckout.approve")}
              </button>
              <button type="submit" name="decision" value="reject" className="secondary">
                {t("sandboxCheckout.reject")}
              </button>
            </form>
          </>,
        ),
      );
    }
    const finished = await provider.finishCheckout(
      checkout.id,
      digits === sandboxTestCards.declined ? { status: "failed", reason: "card_declined" } : { status: "complete" },
    );
    if (!finished) return c.redirect(`/sandbox-checkout/${checkout.id}`, 303);
    return c.redirect(finished.status === "complete" ? finished.successUrl : finished.cancelUrl, 303);
  });

  app.post("/:id/confirm", async (c) => {
    const { checkout, closed } = await openCheckout(c.req.param("id"));
    if (!checkout) return notFound(c);
    if (closed) return c.html(page(checkout.locale, textsOf(checkout.locale)("sandboxCheckout.title"), <Closed checkout={checkout} message={closed} />), 409);
    const form = await c.req.parseBody();
    const approved = form.decision === "approve";
    const finished = await provider.finishCheckout(checkout.id, approved ? { status: "complete" } : { status: "failed", reason: "authentication_failed" });
    if (!finished) return c.redirect(`/sandbox-checkout/${checkout.id}`, 303);
    return c.redirect(finished.status === "complete" ? finished.successUrl : finished.cancelUrl, 303);
  });

  return app;
}
