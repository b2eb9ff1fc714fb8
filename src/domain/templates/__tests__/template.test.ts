import { describe, expect, it } from 'vitest';
import { extractVariables, renderTemplate, unknownVariables, usesDeal } from '../template';

describe('template variables', () => {
  it('extracts names in double braces once, in order, tolerating inner spaces', () => {
    expect(
      extractVariables('Hi {{contact_name}}, {{ company }}', '{{contact_name}} {{deal_value}} {single} {{not valid}}'),
    ).toEqual(['contact_name', 'company', 'deal_value']);
  });

  it('escapes inserted values in the subject and the body, keeps the subject on one line, and reports what is missing', () => {
    const rendered = renderTemplate(
      { subject: 'To <i>{{company}}</i>', body: '<b>{{contact_name}}</b> {{missing}} {{empty}}' },
      { company: 'A\r\nBcc: <b>&"\'', contact_name: `<script>"x" & 'y'</script>`, empty: '', missing: null },
    );
    expect(rendered.subject).toBe('To <i>A Bcc: &lt;b&gt;&amp;&quot;&#39;</i>');
    expect(rendered.body).toBe('<b>&lt;script&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/script&gt;</b> {{missing}} ');
    expect(rendered.missing).toEqual(['missing']);
  });

  it('does not read inherited properties as values', () => {
    expect(renderTemplate({ subject: '{{constructor}}', body: '{{toString}}' }, {}).missing).toEqual([
      'constructor',
      'toString',
    ]);
  });

  it('inserts values as written in the text format, still keeping the subject on one line', () => {
    const rendered = renderTemplate(
      { subject: 'To {{company}}', body: 'Hi {{contact_name}}' },
      { company: 'A &\nB', contact_name: '<Zé> & "Co"' },
      'text',
    );
    expect(rendered).toEqual({ subject: 'To A & B', body: 'Hi <Zé> & "Co"', missing: [] });
  });

  it('knows which variables exist and which ask for a deal', () => {
    expect(unknownVariables('{{contact_name}} {{ compny }} {{deal_value}} {{meeting_date}} {{x}}')).toEqual([
      'compny',
      'x',
    ]);
    expect(usesDeal(['contact_name', 'user_name'])).toBe(false);
    expect(usesDeal(['contact_name', 'deal_title'])).toBe(true);
  });
});
