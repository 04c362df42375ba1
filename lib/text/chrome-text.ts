// Client-safe and pure.

/**
 * Short blocks whose wording says they are chrome wherever they sit, for pages whose markup gives no hint (issue 30:
 * on held-out real pages the model kept image credits, social calls, newsletter consent, cookie notices, update
 * stamps, bylines, share counts and other stories' teasers that sit between the article's paragraphs). Each pattern is anchored or needs
 * words that article prose rarely holds, and applies to short blocks only: a long paragraph that mentions a
 * newsletter is prose.
 */
const CREDIT_LEAD =
  /^\(?(photo(graph)?s?|image|picture|pic|illustration|credit|credits|source|foto|fotos|bild|immagine|imagen|фото|світлина|зображення|图片|圖片|照片|摄影|攝影)(\s+(by|credit|von|di|de))?\s*[:：|]/iu;
const CREDIT_ANYWHERE =
  /\((photo|image|picture|credit|foto|фото)\s*:|\b(getty images|shutterstock|istock(photo)?|ap photo|afp via getty)\b|^©|\(©|\bimage:\s*©/iu;
const SOCIAL =
  /^(follow (us|me|him|her|them)|like us on|find us on|connect with us|subscribe (to|for|now)|sign up (for|to|now|here)|join (our|the) (newsletter|mailing list)|get (our|the) newsletter|share (this|on)|click here to (subscribe|share|follow))(?![\p{L}\p{N}])/iu;
/** A teaser's lead-in ("See more: …", "Don't miss …", "Lesen Sie auch: …"): what follows is another story. */
const TEASER =
  /^(see (more|also)|don['’]t miss|read (more|next|also)|more (from|on|stories)|(recommended|related|trending|most popular|most read)(\s+(for you|now|stories|articles|posts|coverage))?\s*[:：]|you (may|might) also like|leia (mais|também)|lesen sie (auch|mehr)|mehr zum thema|lire aussi|à lire aussi|leggi anche|lee también|читайте також|дивіться також|相关阅读|延伸阅读|相關閱讀|延伸閱讀)(?![\p{L}\p{N}])/iu;
const NEWSLETTER = /\b(newsletters?|opt-in|unsubscribe|your subscription)\b/iu;
/** Link-sized legal and list calls ("Privacy Policy"); in a sentence they are prose ("agreeing to the terms of service"). */
const LEGAL = /\b(privacy (policy|notice)|terms of (use|service)|mailing list)\b/iu;
const COOKIES = /\b(uses? cookies|use of cookies|cookie (policy|settings|preferences|notice)|accept (all )?cookies)\b/iu;
const STAMP =
  /^(published|updated|posted|last (updated|modified)|first published|veröffentlicht|aktualisiert|publié|mis à jour|pubblicato|aggiornato|publicado|actualizado|опубліковано|оновлено|发布|發佈|更新)(?![\p{L}\p{N}])/iu;
/** "By Ann Lee", "By Ann Lee, Science Editor", "Von Anna Meier |": two capitalised words at least ("By Tuesday, …" is prose). */
const BYLINE =
  /^([Bb]y|BY|[Vv]on|[Pp]ar|[Dd]i|[Pp]or|[Оо]т|[Аа]втор)\s+\p{Lu}[\p{Ll}'’.-]+(\s+\p{Lu}[\p{L}'’.-]*){1,3}(?=$|\s*[,|·•–—-]|\s+(on|and|in|und|et|e|y)\b)/u;
/** What an update stamp carries: a time, a year, a day and month, "3 hours ago". */
const DATE_LIKE =
  /\d{1,2}:\d{2}|\b\d{4}\b|\d{1,2}[./-]\d{1,2}|\d+\s*(hours?|minutes?|mins?|days?)\s+ago|\b\d{1,2}\.?\s+\p{L}{3,}|\p{L}{3,}\.?\s+\d{1,2}\b|\d+\s*年/iu;
/** A share or comment count on its own: "438.3k", "1,204 shares". */
const COUNT = /^[\d.,]+\s*([kKmM]\b|[kKmM]?\s+(shares?|comments?|views?|likes?)\b)$/u;

/** Longest block (characters) each kind of wording is read in. */
const SHORT = 160;
const MEDIUM = 200;

/** Whether a block's text is chrome by its wording alone (see the patterns above). */
export function isChromeText(text: string): boolean {
  const t = text.trim();
  if (!t) return false;
  if (t.length <= SHORT && (CREDIT_LEAD.test(t) || CREDIT_ANYWHERE.test(t) || COUNT.test(t))) return true;
  // "Updated figures show 2% growth" is prose; a stamp carries a date or a time.
  if (t.length <= 120 && STAMP.test(t) && DATE_LIKE.test(t)) return true;
  if (t.length <= 100 && BYLINE.test(t)) return true;
  if (t.length <= MEDIUM && (SOCIAL.test(t) || TEASER.test(t))) return true;
  if (t.length <= 60 && LEGAL.test(t)) return true;
  return t.length <= MEDIUM && (NEWSLETTER.test(t) || COOKIES.test(t));
}
