import sanitizeHtml from 'sanitize-html';

/**
 * The raw HTML field of spec 3 §2 (Custom form fields): what a person may put in it, kept by sanitize-html (a
 * well-kept allow-list sanitiser that runs in Node and the browser alike) before storage and again before display, so
 * stored HTML from any source can never run script in the apps. Its own entry point (`@hoppa/core/rich-text`): the
 * sanitiser is loaded only by the API and the screens that show such a field, never by the apps' first load.
 */

/** Tags the raw HTML field keeps: text structure, emphasis, lists, links, simple tables. */
export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'span',
  'ul',
  'ol',
  'li',
  'a',
  'h3',
  'h4',
  'blockquote',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'hr',
] as const;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Links that open elsewhere cannot reach back into the app (window.opener).
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, ...(attribs.target ? { target: '_blank', rel: 'noopener noreferrer' } : {}) },
    }),
  },
};

/**
 * `html` with everything outside {@link RICH_TEXT_TAGS} removed: script, style, iframes, event handlers (`onclick`),
 * `javascript:` and `data:` links, inline styles and classes go; their text stays where the tag was harmless (a
 * `<div>` loses its tag, a `<script>` its content too). Idempotent: sanitising twice gives the same text.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** The plain text of sanitised HTML (for a mail's text part or a list cell): tags dropped, entities kept readable. */
export function richTextToPlain(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/[ \t]+/g, ' ')
    .trim();
}
