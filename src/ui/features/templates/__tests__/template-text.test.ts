import { describe, expect, it } from 'vitest';
import {
  insertVariable,
  splitVariables,
  suggestVariables,
  unknownVariablesIn,
  variableAt,
  variablesIn,
} from '../template-text';

describe('template text', () => {
  it('cuts the text into plain parts and placeholders, as the server reads them', () => {
    expect(splitVariables('Hi {{contact_name}}, from {{ user_name }} {single} {{not valid}}')).toEqual([
      { text: 'Hi ' },
      { text: '{{contact_name}}', variable: 'contact_name' },
      { text: ', from ' },
      { text: '{{ user_name }}', variable: 'user_name' },
      { text: ' {single} {{not valid}}' },
    ]);
    expect(variablesIn('{{a}} {{b}}', '{{a}} {{c}}')).toEqual(['a', 'b', 'c']);
    expect(unknownVariablesIn('{{contact_name}} {{compny}}', new Set(['contact_name', 'company']))).toEqual(['compny']);
  });

  it('finds the variable being typed at the caret, and only there', () => {
    expect(variableAt('Hello {{con', 11)).toEqual({ start: 6, query: 'con' });
    expect(variableAt('Hello {{', 8)).toEqual({ start: 6, query: '' });
    expect(variableAt('Hello {{ us', 11)).toEqual({ start: 6, query: 'us' });
    expect(variableAt('Hello {{contact_name}} x', 24)).toBeNull();
    expect(variableAt('Hello {{con tact', 16)).toBeNull();
    expect(variableAt('Hello {{con', 8)).toEqual({ start: 6, query: '' });
  });

  it('puts the picked variable in place of what was typed, taking over a closing brace already there', () => {
    expect(insertVariable('Hi {{con!', 8, 3, 'contact_name')).toEqual({ text: 'Hi {{contact_name}}!', caret: 19 });
    expect(insertVariable('Hi {{con}} there', 8, 3, 'company')).toEqual({ text: 'Hi {{company}} there', caret: 14 });
    expect(insertVariable('Hi {{contact_nm}} there', 7, 3, 'contact_name')).toEqual({
      text: 'Hi {{contact_name}} there',
      caret: 19,
    });
  });

  it('offers names starting with the query first, then names containing it', () => {
    expect(suggestVariables(['contact_name', 'company', 'deal_value', 'user_name'], 'na')).toEqual([
      'contact_name',
      'user_name',
    ]);
    expect(suggestVariables(['contact_name', 'company', 'deal_value'], 'co')).toEqual(['contact_name', 'company']);
    expect(suggestVariables(['a', 'b'], '')).toEqual(['a', 'b']);
  });
});
