// Method series of the research charts: Paul Tol's "bright" scheme (distinguishable with the common colour-vision
// deficiencies, and kept apart from the category colours of lib/spans/categories.ts), each with its own marker and
// dash pattern so colour is never the only difference.
export const SERIES_COLORS = ["#4477AA", "#EE6677", "#228833", "#CCBB44", "#66CCEE", "#AA3377", "#BBBBBB", "#222222"] as const;
export const SERIES_SHAPES = ["circle", "square", "triangle", "diamond", "cross", "star", "wye", "circle"] as const;
export const SERIES_DASHES = ["", "6 3", "2 3", "8 3 2 3", "4 4", "1 2", "10 4", "3 6"] as const;

export function seriesStyle(i: number) {
  const k = i % SERIES_COLORS.length;
  return { color: SERIES_COLORS[k]!, shape: SERIES_SHAPES[k]!, dash: SERIES_DASHES[k]! };
}

/** WCAG relative luminance of a "#rrggbb" colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** The contrast ratio of a colour against white (1 to 21). */
export const contrastOnWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);

/**
 * A series colour darkened until small text in it reads on white (contrast ≥ 4.5, WCAG AA): a label printed in its
 * method's colour — the palette's yellow and grey as they are would not read.
 */
export function readableOnWhite(hex: string): string {
  let rgb = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const toHex = (c: number[]) => `#${c.map((v) => Math.round(v).toString(16).padStart(2, "0")).join("")}`;
  for (let i = 0; i < 20 && contrastOnWhite(toHex(rgb)) < 4.5; i++) rgb = rgb.map((v) => v * 0.9);
  return toHex(rgb).toUpperCase();
}
