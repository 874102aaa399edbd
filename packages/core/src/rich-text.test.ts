import { describe, expect, it } from 'vitest';
import { richTextToPlain, sanitizeRichText } from './rich-text.ts';

describe('raw HTML field sanitiser (spec 3 §2 Custom form fields)', () => {
  it('keeps text structure, emphasis, lists and safe links', () => {
    const html =
      '<p>Hello <strong>team</strong>, see <a href="https://hoppa.nl/x">the docs</a></p><ul><li>one</li></ul>';
    expect(sanitizeRichText(html)).toBe(html);
  });
  it('drops script and style with their content, and iframes', () => {
    expect(
      sanitizeRichText('<p>a</p><script>alert(1)</script><style>p{}</style><iframe src="x"></iframe>'),
    ).toBe('<p>a</p>');
  });
  it('removes event handlers, inline styles and javascript: or data: links', () => {
    expect(sanitizeRichText('<p onclick="steal()" style="color:red">x</p>')).toBe('<p>x</p>');
    expect(sanitizeRichText('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeRichText('<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>')).toBe('<a>x</a>');
    expect(sanitizeRichText('<img src=x onerror=alert(1)>ok')).toBe('ok');
  });
  it('keeps the text of unknown harmless tags and makes new-window links safe', () => {
    expect(sanitizeRichText('<div><section>hi</section></div>')).toBe('hi');
    expect(sanitizeRichText('<a href="https://x.nl" target="_self">x</a>')).toBe(
      '<a href="https://x.nl" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });
  it('is idempotent', () => {
    const once = sanitizeRichText('<p>1 < 2 & <b>bold</b><svg onload=x>y</svg></p>');
    expect(sanitizeRichText(once)).toBe(once);
  });
  it('gives the plain text of HTML', () => {
    expect(richTextToPlain('<p>Fish &amp; <b>chips</b></p><script>x</script>')).toBe('Fish & chips');
  });
});
