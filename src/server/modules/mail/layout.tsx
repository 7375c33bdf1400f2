/**
 * The one branded layout every e-mail uses (issue 24, decision 0024): a text wordmark (images are blocked by
 * default in many clients; text always shows), a preheader, the content, and a footer with who sent it, why, and
 * the unsubscribe link where one applies. Colours hold on light and dark clients: the light palette is inline,
 * and clients that honour `prefers-color-scheme` get the dark one from the <style> block (DARK_CSS). The button is
 * 44 px high (12 px padding around a 20 px line).
 */
// One package per component, not the `@react-email/components` barrel: the barrel also loads Tailwind, the code
// block's Prism and the Markdown renderer, 12 MB of live heap the 192 MB server heap cannot spare (decision 0037).
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { ReactNode } from 'react';
import { PRODUCT_NAME, PRODUCT_TAGLINE } from '../../../shared/brand.ts';
import type { MailBrand } from '../../services.ts';

export const COLORS = {
  page: '#f4f4f5',
  card: '#ffffff',
  text: '#18181b',
  muted: '#52525b',
  brand: '#4338ca',
  button: '#4338ca',
  buttonText: '#ffffff',
  rule: '#e4e4e7',
  quote: '#c7d2fe',
} as const;

const DARK = {
  page: '#18181b',
  card: '#27272a',
  text: '#f4f4f5',
  muted: '#d4d4d8',
  brand: '#c7d2fe',
  rule: '#3f3f46',
  quote: '#6366f1',
} as const;

/** The dark palette's rules under a selector prefix (empty for the media query; a class for the admin's preview). */
export function darkRules(prefix = ''): string {
  const p = prefix ? `${prefix} ` : '';
  return [
    `${p}.email-page{background-color:${DARK.page}!important}`,
    `${p}.email-card{background-color:${DARK.card}!important}`,
    `${p}.email-text{color:${DARK.text}!important}`,
    `${p}.email-muted{color:${DARK.muted}!important}`,
    `${p}.email-brand{color:${DARK.brand}!important}`,
    `${p}.email-link{color:${DARK.brand}!important}`,
    `${p}.email-rule{border-color:${DARK.rule}!important}`,
    `${p}.email-quote{border-color:${DARK.quote}!important;color:${DARK.text}!important}`,
  ].join('\n');
}

/** The admin's dark preview adds this class to <html>, since an iframe follows the system's scheme, not ours. */
export const PREVIEW_DARK_CLASS = 'preview-dark';

const STYLE = `:root{color-scheme:light dark;supported-color-schemes:light dark}
body{background-color:${COLORS.page}}
@media (prefers-color-scheme: dark){
${darkRules()}
}
${darkRules(`.${PREVIEW_DARK_CLASS}`)}`;

const font = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

export interface MailFooter {
  /** Why this person got this mail, in one sentence. */
  reason: string;
  /** The signed unsubscribe link and what it stops, where one applies (never on account mail). */
  unsubscribe?: { url: string; label: string };
}

export type { MailBrand };

export function EmailLayout(props: {
  title: string;
  preheader: string;
  brand: MailBrand;
  footer: MailFooter;
  children: ReactNode;
}) {
  const { brand, footer } = props;
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <title>{props.title}</title>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <style>{STYLE}</style>
      </Head>
      <Preview>{props.preheader}</Preview>
      {/* React Email copies the Body's style onto an inner cell, which no class reaches: the page colour sits on
          our own section instead, so the dark palette can replace it. */}
      <Body className="email-page" style={{ margin: 0, padding: 0, fontFamily: font }}>
        <Section className="email-page" style={{ backgroundColor: COLORS.page, padding: '24px 0' }}>
          <Container style={{ maxWidth: '560px', width: '100%', margin: '0 auto' }}>
            <Section style={{ padding: '0 24px 16px' }}>
              <Link
                href={`${brand.publicUrl}/`}
                className="email-brand"
                style={{ color: COLORS.brand, fontSize: '22px', fontWeight: 700, textDecoration: 'none' }}
              >
                {PRODUCT_NAME}
              </Link>
              <Text className="email-muted" style={{ color: COLORS.muted, fontSize: '13px', margin: '2px 0 0' }}>
                {PRODUCT_TAGLINE}
              </Text>
            </Section>
            <Section
              className="email-card"
              style={{ backgroundColor: COLORS.card, borderRadius: '12px', padding: '28px 24px' }}
            >
              {props.children}
            </Section>
            <Section style={{ padding: '16px 24px 0' }}>
              <Text
                className="email-muted"
                style={{ color: COLORS.muted, fontSize: '13px', lineHeight: '20px', margin: '0 0 8px' }}
              >
                {footer.reason}
              </Text>
              {footer.unsubscribe && (
                <Text
                  className="email-muted"
                  style={{ color: COLORS.muted, fontSize: '13px', lineHeight: '20px', margin: '0 0 8px' }}
                >
                  <Link
                    href={footer.unsubscribe.url}
                    className="email-link"
                    style={{ color: COLORS.brand, textDecoration: 'underline' }}
                  >
                    {footer.unsubscribe.label}
                  </Link>
                </Text>
              )}
              <Text
                className="email-muted"
                style={{ color: COLORS.muted, fontSize: '13px', lineHeight: '20px', margin: 0 }}
              >
                {PRODUCT_NAME}
                {brand.postalAddress ? ` · ${brand.postalAddress}` : ''} ·{' '}
                <Link href={`${brand.publicUrl}/`} className="email-link" style={{ color: COLORS.brand }}>
                  {brand.publicUrl.replace(/^https?:\/\//, '')}
                </Link>
              </Text>
            </Section>
          </Container>
        </Section>
      </Body>
    </Html>
  );
}

export function Paragraph({ children }: { children: ReactNode }) {
  return (
    <Text
      className="email-text"
      style={{ color: COLORS.text, fontSize: '16px', lineHeight: '24px', margin: '0 0 16px' }}
    >
      {children}
    </Text>
  );
}

/** Secondary text inside the card (expiry notes, "ignore this if…"). */
export function Note({ children }: { children: ReactNode }) {
  return (
    <Text
      className="email-muted"
      style={{ color: COLORS.muted, fontSize: '14px', lineHeight: '22px', margin: '0 0 12px' }}
    >
      {children}
    </Text>
  );
}

/** The call to action: 44 px high, white on indigo (contrast 7.9:1, and it holds on a dark card). */
export function CtaButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '8px 0 24px' }}>
      <Button
        href={href}
        style={{
          backgroundColor: COLORS.button,
          color: COLORS.buttonText,
          borderRadius: '8px',
          fontSize: '16px',
          fontWeight: 600,
          lineHeight: '20px',
          padding: '12px 24px',
          textDecoration: 'none',
          display: 'inline-block',
        }}
      >
        {children}
      </Button>
    </Section>
  );
}

/** Someone's own words (a personal message, a feedback text), set apart and never linkified; "> " lines in text. */
export function Quote({ children }: { children: string }) {
  return (
    <blockquote
      className="email-quote"
      style={{
        borderLeft: `4px solid ${COLORS.quote}`,
        color: COLORS.text,
        fontSize: '15px',
        lineHeight: '23px',
        margin: '0 0 16px',
        padding: '4px 0 4px 16px',
      }}
    >
      {children.split('\n').map((line, index) => (
        // Lines of one message, in order and never reordered: the index is their identity.
        <span key={index}>
          {index > 0 && <br />}
          {line}
        </span>
      ))}
    </blockquote>
  );
}

export function Rule() {
  return <Hr className="email-rule" style={{ borderColor: COLORS.rule, margin: '8px 0 16px' }} />;
}

/** Label/value lines of a notification (who, when, subject). */
export function Details({ rows }: { rows: Array<[string, string]> }) {
  return (
    <Text
      className="email-text"
      style={{ color: COLORS.text, fontSize: '15px', lineHeight: '23px', margin: '0 0 16px' }}
    >
      {rows.map(([label, value], index) => (
        <span key={label}>
          {index > 0 && <br />}
          <strong>{label}:</strong> {value}
        </span>
      ))}
    </Text>
  );
}
