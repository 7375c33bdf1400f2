/** The one place the product's name lives (docs/architecture.md, product name): every `{product}` of the spec comes from here. */
export const PRODUCT_NAME = 'JotIt';
export const PRODUCT_TAGLINE = 'Capture ideas in seconds';
export const SUPPORT_EMAIL_DISPLAY = 'support@jotit.app';
export const SALES_EMAIL_DISPLAY = 'sales@jotit.app';

/** Page titles follow the spec's pattern, e.g. `About - JotIt!`. */
export function pageTitle(name: string): string {
  return `${name} - ${PRODUCT_NAME}!`;
}
