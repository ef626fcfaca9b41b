import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { Fragment, type CSSProperties, type ReactNode } from "react";
import type { Locale } from "../../core/i18n/locales";
import { emailText, operatorBrand } from "./email-catalogue";

export const brandColors = { navy: "#0b1630", gold: "#e6a91f", ink: "#1d2433", muted: "#5b6475", page: "#f3f4f7" } as const;

// Mail clients ignore stylesheets and web fonts unevenly, so every style is inline and the fonts are system ones.
const fontFamily = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const styles = {
  body: { backgroundColor: brandColors.page, fontFamily, margin: 0, padding: "24px 0" },
  container: { backgroundColor: "#ffffff", maxWidth: "560px", margin: "0 auto", borderRadius: "6px", overflow: "hidden" },
  header: { backgroundColor: brandColors.navy, borderBottom: `4px solid ${brandColors.gold}`, padding: "20px 32px" },
  brand: { color: "#ffffff", fontSize: "20px", fontWeight: 700, letterSpacing: "0.02em", margin: 0 },
  content: { padding: "8px 32px 16px" },
  heading: { color: brandColors.navy, fontSize: "22px", lineHeight: "30px", margin: "24px 0 8px" },
  text: { color: brandColors.ink, fontSize: "15px", lineHeight: "24px", margin: "12px 0" },
  button: {
    backgroundColor: brandColors.gold,
    color: brandColors.navy,
    borderRadius: "4px",
    fontSize: "15px",
    fontWeight: 700,
    padding: "12px 22px",
    textDecoration: "none",
  },
  buttonRow: { margin: "20px 0" },
  link: { color: brandColors.navy, textDecoration: "underline", wordBreak: "break-all" },
  small: { color: brandColors.muted, fontSize: "13px", lineHeight: "20px", margin: "12px 0" },
  rule: { borderColor: "#e3e6ec", margin: 0 },
  footer: { padding: "12px 32px 20px" },
  legal: { color: brandColors.muted, fontSize: "12px", lineHeight: "18px", margin: 0 },
} satisfies Record<string, CSSProperties>;

type EmailLayoutProps = { locale: Locale; title: string; preview: string; heading: string; name: string; children: ReactNode };

/** The frame of every e-mail: brand header, greeting, the template's content, sign-off and legal footer. */
export function EmailLayout({ locale, title, preview, heading, name, children }: EmailLayoutProps) {
  const t = emailText(locale);
  return (
    <Html lang={locale} dir="ltr">
      <Head>
        <title>{title}</title>
        {/* Phones lay the mail out at their own width instead of a shrunken desktop page (issue 32). */}
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
      </Head>
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Section style={styles.header}>
            <Text style={styles.brand}>{operatorBrand}</Text>
          </Section>
          <Section style={styles.content}>
            <Heading as="h1" style={styles.heading}>
              {heading}
            </Heading>
            <Paragraph>{t("layout.greeting", { name })}</Paragraph>
            {children}
            <Paragraph>
              {t("layout.signOff")}
              <br />
              {t("layout.team")}
            </Paragraph>
          </Section>
          <Hr style={styles.rule} />
          <Section style={styles.footer}>
            <Text style={styles.legal}>{t("layout.legal")}</Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/**
 * A text's line breaks as `<br>`: staff's reworded paragraphs (decision 037) are plain text whose
 * lines must survive in the HTML part, and the plain-text part is derived from it. React escapes the
 * text itself, so a `<script>` typed by staff arrives as text.
 */
function withLineBreaks(children: ReactNode): ReactNode {
  if (typeof children !== "string" || !children.includes("\n")) return children;
  return children.split("\n").map((line, index) => (
    <Fragment key={index}>
      {index > 0 && <br />}
      {line}
    </Fragment>
  ));
}

export function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={styles.text}>{withLineBreaks(children)}</Text>;
}

export function SmallPrint({ children }: { children: ReactNode }) {
  return <Text style={styles.small}>{withLineBreaks(children)}</Text>;
}

/**
 * The call to action as a button, followed by the address written out for clients that hide or break
 * buttons. The plain-text part already shows the address after the button label, so the fallback
 * paragraph (which talks about a button) is left out of it.
 */
export function ActionButton({ locale, href, label }: { locale: Locale; href: string; label: string }) {
  return (
    <>
      <Section style={styles.buttonRow}>
        <Button href={href} style={styles.button}>
          {label}
        </Button>
      </Section>
      <Text style={styles.small} data-skip-in-text="true">
        {emailText(locale)("layout.linkIntro")}
        <br />
        <Link href={href} style={styles.link}>
          {href}
        </Link>
      </Text>
    </>
  );
}
