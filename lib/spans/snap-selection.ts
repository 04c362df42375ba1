import { snapToTokens, type SnappedRange } from "./snap-to-tokens";
import { snapToWords } from "./snap-to-words";

export interface SnapSelectionOptions {
  text: string;
  start: number;
  end: number;
  /** Keep the exact characters (Alt-selection) instead of widening to whole tokens or words. */
  exact: boolean;
  /** The document's model tokens, when it has scores; else the selection snaps to words. */
  tokens?: { starts: ArrayLike<number>; ends: ArrayLike<number> } | undefined;
}

/** A text selection as a span's range: snapped to the model's tokens when there are any, else to words; null when empty. */
export function snapSelection({ text, start, end, exact, tokens }: SnapSelectionOptions): SnappedRange | null {
  return tokens ? snapToTokens({ text, start, end, starts: tokens.starts, ends: tokens.ends, exact }) : snapToWords({ text, start, end, exact });
}
