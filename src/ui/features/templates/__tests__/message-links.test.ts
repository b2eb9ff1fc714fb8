import { describe, expect, it } from 'vitest';
import { mailtoLink, whatsappMessageLink } from '../message-links';

describe('message links', () => {
  it('fills mailto: with the subject and a CRLF body, percent-encoded', () => {
    const link = mailtoLink('ana@example.com', 'Olá, Ana & cia', 'Linha 1\nLinha 2');
    expect(link).toBe('mailto:ana@example.com?subject=Ol%C3%A1%2C%20Ana%20%26%20cia&body=Linha%201%0D%0ALinha%202');
    const url = new URL(link);
    expect(url.searchParams.get('subject')).toBe('Olá, Ana & cia');
  });

  it('opens WhatsApp on the digits (55 assumed) with the text, or not at all without a phone number', () => {
    expect(whatsappMessageLink('(11) 98765-4321', 'Olá & até')).toBe(
      'https://wa.me/5511987654321?text=Ol%C3%A1%20%26%20at%C3%A9',
    );
    expect(whatsappMessageLink('123', 'Olá')).toBeNull();
  });
});
