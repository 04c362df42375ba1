import { SPAN_CATEGORIES, type SpanCategory } from "../../spans/categories";

/** Category ids as the model's second head numbers them: the index in SPAN_CATEGORIES. */
export const CAT = Object.fromEntries(SPAN_CATEGORIES.map((c, i) => [c, i])) as Record<SpanCategory, number>;
/** No label: the loss ignores the character. */
export const CAT_UNKNOWN = 255;
/** Category unknown but not needed (text no gold span covers): keep = 0, no category loss. */
export const CAT_DROP_UNKNOWN = 254;

const ADS =
  /\b(advertisements?|advertising|advertiser|sponsored|sponsor(ed)? content|promoted|ad ?choices|paid (post|content)|partner content|presented by|shop now|buy now|subscribe|subscription|subscriber|newsletter|sign up for|free trial|% off|coupon|anzeige|publicité|pubblicità|реклама|广告|廣告)\b/i;
const ADS_EXACT = /^(ad|ads|advertisement|sponsored|anzeige|publicidad|pubblicità|реклама|广告)$/i;
const MONTH =
  /\b(jan(uary)?|feb(ruary)?|mar(ch)?|apr(il)?|may|jun(e)?|jul(y)?|aug(ust)?|sep(t(ember)?)?|oct(ober)?|nov(ember)?|dec(ember)?|gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|novembre|dicembre)\b/i;
const DATE = /\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}[./]\d{1,2}[./]\d{2,4}\b|\b\d{1,2}:\d{2}\b|\d{4}年\d{1,2}月/;
const META =
  /\b(updated|published|posted|last modified|min(ute)?s? read|hours? ago|minutes? ago|days? ago|photo(graph)?:|image:|credit:|getty images|reuters|associated press|\bap\b photo|tags?:|filed under|topics?:|categories:|copyright|all rights reserved|views|comments?\b|shares?\b)/i;
const BYLINE = /^(by|von|par|di|por|de|от|автор|作者)\s+\p{Lu}/iu;
const UI =
  /^(share|tweet|email|e-mail|print|menu|search|home|skip to|sign in|log in|login|register|close|next|previous|prev|read more|more|back to top|follow us|related|see also|show more|load more|reply|report|like|save|open|toggle|copy link|cookie|accept|privacy|terms)\b/i;

export interface BlockLike {
  text: string;
  role: string;
  kind: string;
  linkDensity?: number;
}

/**
 * Heuristic category of a page block that is NOT article text (navigation, ads, bylines, comments…): the
 * silver labels of the model's category head on real pages. Human gold spans replace them where they exist.
 */
export function categorizeBoilerplate(b: BlockLike, meta: { byline?: string | null; title?: string | null } = {}): number {
  const text = b.text.trim();
  const words = text.split(/\s+/).filter(Boolean).length;
  const short = text.length <= 120;
  if (b.role === "comment") return CAT.off_topic;
  if (ADS_EXACT.test(text) || (short && ADS.test(text))) return CAT.ads;
  if (meta.byline && short && text.toLowerCase().includes(meta.byline.toLowerCase().slice(0, 40))) return CAT.metadata;
  if (meta.title && text.toLowerCase() === meta.title.toLowerCase()) return CAT.metadata;
  if (short && (BYLINE.test(text) || DATE.test(text) || (MONTH.test(text) && /\d/.test(text) && words <= 8) || META.test(text))) {
    return CAT.metadata;
  }
  if (b.role === "navigation" || b.role === "header" || b.role === "footer" || b.role === "form") return CAT.ui_navigation;
  if ((b.linkDensity ?? 0) > 0.5 || (words <= 3 && text.length <= 30) || (short && UI.test(text))) return CAT.ui_navigation;
  return CAT.off_topic;
}
