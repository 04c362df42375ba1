/** The policy of the original-page preview: no scripts, no network; inline styles and data: images only. */
export const PREVIEW_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

const META = `<meta http-equiv="Content-Security-Policy" content="${PREVIEW_CSP}">`;

/**
 * Puts the CSP meta first in <head> (before anything the page could use to load resources), creating a head when
 * the page has none. The iframe is sandboxed as well; the CSP additionally stops network loads (tracking pixels,
 * remote fonts and stylesheets) that a sandbox alone allows.
 */
export function injectCsp(html: string): string {
  const head = /<head(?:\s[^>]*)?>/i.exec(html);
  if (head) return html.slice(0, head.index + head[0].length) + META + html.slice(head.index + head[0].length);
  const htmlTag = /<html(?:\s[^>]*)?>/i.exec(html);
  if (htmlTag) {
    const at = htmlTag.index + htmlTag[0].length;
    return `${html.slice(0, at)}<head>${META}</head>${html.slice(at)}`;
  }
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html);
  const at = doctype ? doctype[0].length : 0;
  return `${html.slice(0, at)}<head>${META}</head>${html.slice(at)}`;
}
