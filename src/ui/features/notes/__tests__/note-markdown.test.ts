import { describe, expect, it } from 'vitest';
import { parseInline, parseNote, safeHref } from '../note-markdown';

const text = (value: string) => ({ type: 'text', text: value });

describe('a note’s Markdown', () => {
  it('reads bold, italics and both nested', () => {
    expect(parseInline('**x**')).toEqual([{ type: 'strong', children: [text('x')] }]);
    expect(parseInline('a __b__ c')).toEqual([text('a '), { type: 'strong', children: [text('b')] }, text(' c')]);
    expect(parseInline('*leve* e _também_')).toEqual([
      { type: 'em', children: [text('leve')] },
      text(' e '),
      { type: 'em', children: [text('também')] },
    ]);
    expect(parseInline('*um **dois** três*')).toEqual([
      { type: 'em', children: [text('um '), { type: 'strong', children: [text('dois')] }, text(' três')] },
    ]);
  });

  it('leaves what is no mark as typed: HTML, lone stars, snake_case, escaped marks', () => {
    expect(parseInline('<b>x</b> <script>alert(1)</script>')).toEqual([text('<b>x</b> <script>alert(1)</script>')]);
    expect(parseInline('2 * 3 * 4')).toEqual([text('2 * 3 * 4')]);
    expect(parseInline('** x **')).toEqual([text('** x **')]);
    expect(parseInline('campo_de_cliente')).toEqual([text('campo_de_cliente')]);
    expect(parseInline('\\*não\\*')).toEqual([text('*não*')]);
  });

  it('links only to http, https and mailto', () => {
    expect(parseInline('[site](https://example.com/a?b=1)')).toEqual([
      { type: 'link', href: 'https://example.com/a?b=1', children: [text('site')] },
    ]);
    expect(parseInline('[e-mail](mailto:ana@example.com)')).toEqual([
      { type: 'link', href: 'mailto:ana@example.com', children: [text('e-mail')] },
    ]);
    expect(parseInline('[x](javascript:alert(1))')).toEqual([text('[x](javascript:alert(1))')]);
    expect(parseInline('[x](data:text/html,hi)')).toEqual([text('[x](data:text/html,hi)')]);
    expect(parseInline('veja http://example.com/p.')).toEqual([
      text('veja '),
      { type: 'link', href: 'http://example.com/p', children: [text('http://example.com/p')] },
      text('.'),
    ]);
    expect(safeHref('JAVASCRIPT:alert(1)')).toBeNull();
    expect(safeHref('vbscript:x')).toBeNull();
  });

  it('reads paragraphs, kept line breaks and lists', () => {
    expect(parseNote('Ligou.\nPediu proposta.\n\n- um\n- **dois**\n\n3. três\n4. quatro\nfim')).toEqual([
      { type: 'paragraph', lines: [[text('Ligou.')], [text('Pediu proposta.')]] },
      { type: 'list', ordered: false, items: [[text('um')], [{ type: 'strong', children: [text('dois')] }]] },
      { type: 'list', ordered: true, start: 3, items: [[text('três')], [text('quatro')]] },
      { type: 'paragraph', lines: [[text('fim')]] },
    ]);
    expect(parseNote('* a\n1. b')).toEqual([
      { type: 'list', ordered: false, items: [[text('a')]] },
      { type: 'list', ordered: true, start: 1, items: [[text('b')]] },
    ]);
  });
});
