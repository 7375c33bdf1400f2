/**
 * WCAG contrast for banner colours. The spec's type colours with white text (#3b82f6, #10b981, #f59e0b,
 * #ef4444) are below 4.5:1, so the strip deepens (or lightens) the background just enough for AA while keeping
 * its hue; a pair that already passes is shown exactly as the admin chose it.
 */
type Rgb = [number, number, number];

const AA_NORMAL_TEXT = 4.5;

export function parseHex(value: string): Rgb | null {
  const match = /^#?([0-9a-f]{6})$/i.exec(value.trim());
  if (!match) return null;
  const hex = match[1]!;
  return [0, 2, 4].map((offset) => Number.parseInt(hex.slice(offset, offset + 2), 16)) as Rgb;
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

function luminance([red, green, blue]: Rgb): number {
  const linear = (channel: number) => {
    const value = channel / 255;
    return value <= 0.039_28 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
}

export function contrastRatio(first: Rgb, second: Rgb): number {
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

const mix = (color: Rgb, target: number, amount: number): Rgb =>
  color.map((channel) => channel + (target - channel) * amount) as Rgb;

/** Colours that keep the admin's choice when readable, else the nearest shade of the background that is. */
export function readableColors(background: string, text: string, fallbackBackground: string): { background: string; text: string } {
  const backgroundRgb = parseHex(background) ?? parseHex(fallbackBackground) ?? [59, 130, 246];
  const textRgb = parseHex(text) ?? [255, 255, 255];
  if (contrastRatio(backgroundRgb, textRgb) >= AA_NORMAL_TEXT) return { background: toHex(backgroundRgb), text: toHex(textRgb) };
  // Light text: darken the background towards black; dark text: lighten it towards white.
  const target = luminance(textRgb) > luminance(backgroundRgb) ? 0 : 255;
  for (let step = 1; step <= 20; step += 1) {
    const candidate = mix(backgroundRgb, target, step * 0.05);
    if (contrastRatio(candidate, textRgb) >= AA_NORMAL_TEXT) return { background: toHex(candidate), text: toHex(textRgb) };
  }
  return { background: toHex(backgroundRgb), text: luminance(backgroundRgb) > 0.18 ? '#0f172a' : '#ffffff' };
}
