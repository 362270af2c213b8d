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
import { plainTextSlots, textAlternatives } from '../core/templates/text-alternative.js';

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

describe('the text alternative, converted once per shape of the values (text-alternative.ts)', () => {
  /** A small seeded generator: the same recipients on every run. */
  const prng = (seed: number) => () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
  const templates = [
    '<html><body><p>Hi {{first_name}}, see <a href="https://example.org/x">this</a></p></body></html>',
    '<h1>Hello {{name}}</h1><p>Plan: <a href="https://x.test/p">{{plan}}</a> {{plan}}</p>',
    '<table><tr><th>{{name}}</th><td>{{plan}}</td></tr><tr><td>{{city}} and more words here to wrap</td><td>{{name}}</td></tr></table>',
    `<p>${'word '.repeat(30)}{{name}} ${'more '.repeat(20)}{{plan}}{{city}} end</p><p><a href="{{unsubscribe_url}}">Unsubscribe</a></p>`,
    '<pre>  {{name}}   {{plan}}\n  x</pre><ul><li>{{name}}</li><li>{{city ?? "Somewhere nice"}}</li></ul>',
    '<p>&amp{{name}} &no{{plan}} &#{{n}} <{{name}} </{{name}}> <!-- {{name}} --> x</p>',
    '<p title="{{name}}">{{name}}</p><img src="x" alt="{{plan}}"><a href="{{url}}">{{url}}</a><a href="{{name}}">{{name}}</a>',
    '<div><h2>{{city}}</h2><blockquote>{{name}} said {{{raw}}}</blockquote></div><style>p{}</style><script>var a="{{name}}"</script>',
    'Plain {{name}} text without tags, {{plan}}; and <b>{{city}}</b><br>{{name}}<wbr>{{plan}}',
    `<table><thead><tr><td>{{name}}</td></tr></thead><tbody><tr><td>{{plan}}</td><td>${'cell '.repeat(20)}</td></tr></tbody></table>`,
  ];

  it("is, for every recipient, html-to-text's conversion of that recipient's own body", () => {
    const random = prng(21);
    const pick = <T,>(list: T[]) => list[Math.floor(random() * list.length)];
    const letters = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_@+éßüİ'];
    const word = () => Array.from({ length: Math.floor(random() * 14) }, () => pick(letters)).join('');
    const values: Array<() => string | undefined> = [
      word, word, word, () => `${word()} ${word()}`, () => `ß${word()}`, () => '<b>x</b>', () => 'a&b', () => '',
      () => 'x'.repeat(90), () => 'https://example.org/x', () => 'N1', () => undefined,
    ];
    let checked = 0;
    for (let i = 0; i < 3000; i++) {
      const prepared = prepareContent({ subject: 's', body: pick(templates) });
      const v = () => pick(values)();
      const vars = { first_name: v(), name: v(), plan: v(), city: v(), n: v(), raw: v(), url: pick(['N1', 'https://example.org/x', 'ab']) };
      const r = renderContent(prepared, vars);
      expect(r.text).toBe(htmlToPlainText(r.html));
      checked++;
    }
    expect(checked).toBe(3000);
    // A link whose text is its href (the href then not repeated), a heading's uppercase that changes a value's length.
    for (const body of ['<p><a href="{{url}}">{{url}}</a></p>', '<p><a href="N1">{{name}}</a></p>', '<h1>{{name}}</h1>']) {
      for (const name of ['ab', 'N2', 'N1', 'strase', 'straße']) {
        const r = renderContent(prepareContent({ subject: 's', body }), { url: name, name });
        expect(r.text).toBe(htmlToPlainText(r.html));
      }
    }
  });

  const slotsOf = (template: string) => {
    const literals: string[] = [];
    const spans: Array<[number, number]> = [];
    let last = 0;
    for (const m of template.matchAll(/\{\{\s*([\s\S]*?)\s*\}\}/g)) {
      literals.push(template.slice(last, m.index));
      spans.push([m.index, m.index + m[0].length]);
      last = m.index + m[0].length;
    }
    literals.push(template.slice(last));
    return { literals, spans };
  };
  const fill = (slots: { literals: string[] }, values: string[]) => slots.literals.reduce((out, l, i) => out + (i > 0 ? values[i - 1] : '') + l);

  it('converts once per shape: 1,000 recipients whose names have 4 lengths take 3 conversions per length', () => {
    const template = '<p>Hi {{name}}, your plan is <b>{{plan}}</b>.</p><p><a href="https://x.test/{{plan}}">Open</a></p>';
    const slots = slotsOf(template);
    let conversions = 0;
    const convert = (html: string) => (conversions++, htmlToPlainText(html));
    const texts = textAlternatives(template, slots, convert);
    for (let i = 0; i < 1000; i++) {
      const values = [`N${i % 4 === 0 ? 'a' : ''}${'b'.repeat(i % 4)}${i}`.slice(0, 2 + (i % 4)), 'pro', 'pro'];
      const html = fill(slots, values);
      const want = htmlToPlainText(html);
      expect(texts.textOf(values, html)).toBe(want);
    }
    // Per shape: its first recipient's own conversion, its second's and the shape's; every other recipient none.
    expect(conversions).toBe(12);
  });

  it('converts a body once per recipient when its shapes never come twice (a one-off send, unique names with a space)', () => {
    // Names with a space are kept as they are in the shape: unique ones would make a new shape each (two conversions).
    const template = '<p>Hi {{name}}</p>';
    const slots = slotsOf(template);
    let conversions = 0;
    const texts = textAlternatives(template, slots, (html) => (conversions++, htmlToPlainText(html)));
    for (let i = 0; i < 200; i++) {
      const values = [`Mary Ann${i}`];
      expect(texts.textOf(values, fill(slots, values))).toBe(`Hi Mary Ann${i}`);
    }
    expect(conversions).toBe(200);
  });

  it('never uses a shape whose conversion, values put back, differs from the recipient’s own', () => {
    // A converter that uppercases: the shape's marks stay, the values would not be uppercased when put back.
    const template = '<p>Hi {{name}}</p>';
    const slots = slotsOf(template);
    const convert = (html: string) => html.toUpperCase();
    const texts = textAlternatives(template, slots, convert);
    for (const name of ['ab', 'cd', 'ef', 'gh']) expect(texts.textOf([name], fill(slots, [name]))).toBe(`<P>HI ${name.toUpperCase()}</P>`);
  });

  it('finds which placeholders sit in plain text outside headings, header cells and links', () => {
    const template =
      '<p>{{a}}</p><a href="{{b}}">{{c}}</a><h2>{{d}}</h2><table><tr><th>{{e}}</th><td>{{f}}</td></tr></table>' +
      '<!-- {{g}} --><p title="x > y {{h}}">&amp;{{i}} &no{{j}} <{{k}} </{{l}} {{m}}</p><script>a<b; {{n}}</script>{{o}}';
    const { spans } = slotsOf(template);
    expect(plainTextSlots(template, spans)).toEqual([
      true, false, false, false, false, true, false, false, true, false, false, false, false, false, true,
    ]);
    // `</` before a non-letter opens a bogus comment up to the next `>`: {{m}} is in it, as the HTML tokenizer reads it.
  });
});
