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
