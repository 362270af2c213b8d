import { describe, expect, it } from 'vitest';
import {
  fillPlaceholders,
  htmlToPlainText,
  lookupVariable,
  markdownToHtml,
  prepareContent,
  recipientVariables,
  renderContent,
} from '../core/templates/render.js';

const html = (s: string, vars: Record<string, unknown>) => fillPlaceholders(s, vars, { escape: true });
const text = (s: string, vars: Record<string, unknown>) => fillPlaceholders(s, vars, { escape: false });

describe('fillPlaceholders', () => {
  it('fills {{var}}, {{ var }} and {{data.var}} alike', () => {
    const vars = { name: 'Ada', plan: 'pro' };
    expect(html('Hi {{name}}, {{ name }}, {{data.name}} on {{  plan  }}', vars)).toBe('Hi Ada, Ada, Ada on pro');
  });

  it('uses the fallback for a missing or null value, in any quoting', () => {
    expect(html('Hi {{name ?? "there"}}', {})).toBe('Hi there');
    expect(html("Hi {{ name ?? 'friend' }}", { name: null })).toBe('Hi friend');
    expect(html('Hi {{name ?? pal}}', {})).toBe('Hi pal');
    expect(html('Hi {{name??"x"}}', { name: 'Ada' })).toBe('Hi Ada');
    // an empty string is a value, not a missing one (`??` semantics)
    expect(html('[{{name ?? "x"}}]', { name: '' })).toBe('[]');
  });

  it('renders unknown variables and unparsable placeholders as nothing, never braces', () => {
    expect(html('a{{missing}}b{{}}c{{ two words }}d{{data.}}e', {})).toBe('abcde');
    expect(html('{{{missing}}}', {})).toBe('');
  });

  it('escapes values in HTML but not in subjects, and not the author-written fallback', () => {
    const vars = { name: '<script>alert("x")</script> & \'co\'' };
    expect(html('<p>{{name}}</p>', vars)).toBe('<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;</p>');
    expect(text('Hello {{name}}', vars)).toBe(`Hello ${vars.name}`);
    expect(html('{{x ?? "<b>bold</b>"}}', {})).toBe('<b>bold</b>');
  });

  it('inserts the raw value with triple braces', () => {
    expect(html('{{{snippet}}}', { snippet: '<b>hi</b>' })).toBe('<b>hi</b>');
  });

  it('walks nested paths and stringifies non-string values', () => {
    const vars = { address: { city: 'Paris' }, n: 3, ok: false, tags: ['a', 'b'], obj: { k: 1 } };
    expect(text('{{address.city}} {{data.address.city}} {{n}} {{ok}} {{tags}} {{obj}}', vars)).toBe('Paris Paris 3 false a, b {"k":1}');
    expect(text('[{{address.missing.deeper}}]', vars)).toBe('[]');
    // inherited properties are not variables
    expect(text('[{{constructor}}][{{toString}}]', {})).toBe('[][]');
  });

  it('lookupVariable prefers a real top-level `data` key', () => {
    expect(lookupVariable({ data: { a: 1 }, a: 2 }, 'data.a')).toBe(1);
    expect(lookupVariable({ a: 2 }, 'data.a')).toBe(2);
  });
});

describe('markdown', () => {
  it('renders markdown and keeps placeholders intact (no emphasis from underscores)', () => {
    const out = markdownToHtml('# Hi {{first_name}} and {{last_name}}\n\n**bold** [link](https://x.test/?u={{id}})');
    expect(out).toContain('<h1>Hi {{first_name}} and {{last_name}}</h1>');
    expect(out).toContain('<strong>bold</strong>');
    expect(out).toContain('href="https://x.test/?u={{id}}"');
    expect(out).not.toContain('<em>');
  });

  it('prepareContent compiles markdown only when asked', () => {
    expect(prepareContent({ subject: 's', body: '**x**', type: 'markdown' }).html).toContain('<strong>x</strong>');
    expect(prepareContent({ subject: 's', body: '**x**' }).html).toBe('**x**');
  });
});

describe('renderContent', () => {
  it('renders subject, escaped HTML and a plain-text alternative per recipient', () => {
    const prepared = prepareContent({ subject: 'Hi {{name ?? "there"}}\r\n{{plan}}', body: '<h1>Hello {{name}}</h1><p>Plan: <a href="https://x.test/p">{{plan}}</a></p>' });
    const r = renderContent(prepared, { name: 'A&B', plan: 'pro' });
    expect(r.subject).toBe('Hi A&B pro');
    expect(r.html).toBe('<h1>Hello A&amp;B</h1><p>Plan: <a href="https://x.test/p">pro</a></p>');
    expect(r.text).toContain('HELLO A&B');
    expect(r.text).toContain('Plan: pro [https://x.test/p]');
    expect(r.text).not.toContain('<');
  });

  it('recipientVariables: contact data, then id/email, then request data on top', () => {
    const vars = recipientVariables({ id: 'c1', email: 'a@x.test', data: { name: 'Old', plan: 'free', email: 'spoof' } }, { name: 'New' });
    expect(vars).toEqual({ name: 'New', plan: 'free', email: 'a@x.test', id: 'c1' });
  });

  it('htmlToPlainText drops images and markup', () => {
    expect(htmlToPlainText('<p>One</p><img src="x.png" alt="pic"><p>Two</p>')).toBe('One\n\nTwo');
  });
});
