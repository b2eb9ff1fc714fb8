import { describe, expect, it } from 'vitest';
import { canChange } from '../contact-access';
import { initialsOf, telLink, whatsappLink, whatsappNumber } from '../contact-links';

describe('contact links', () => {
  it('assumes Brazil (55) for a number written without a country code', () => {
    expect(whatsappNumber('(11) 98765-4321')).toBe('5511987654321');
    expect(whatsappNumber('011 98765-4321')).toBe('5511987654321');
    expect(whatsappNumber('21 3456-7890')).toBe('552134567890');
  });

  it('keeps a written country code', () => {
    expect(whatsappNumber('+351 912 345 678')).toBe('351912345678');
    expect(whatsappNumber('0044 20 7946 0958')).toBe('442079460958');
    expect(whatsappNumber('+55 (11) 98765-4321')).toBe('5511987654321');
  });

  it('gives no WhatsApp link for something too short to be a phone', () => {
    expect(whatsappLink('1234')).toBeNull();
    expect(whatsappLink('(11) 98765-4321')).toBe('https://wa.me/5511987654321');
  });

  it('dials digits, with the + when written', () => {
    expect(telLink('(11) 98765-4321')).toBe('tel:11987654321');
    expect(telLink('+351 912 345 678')).toBe('tel:+351912345678');
  });

  it("takes the first and last names' initials", () => {
    expect(initialsOf('Ana Maria Souza')).toBe('AS');
    expect(initialsOf('ícaro')).toBe('Í');
    expect(initialsOf('  ')).toBe('?');
    expect(initialsOf(null)).toBe('?');
  });
});

describe('who may change a contact', () => {
  it('follows the server: admins, owners and creators', () => {
    expect(canChange({ id: 1, role: 'admin' }, { ownerId: 2, createdBy: 3 })).toBe(true);
    expect(canChange({ id: 2, role: 'employee' }, { ownerId: 2, createdBy: 3 })).toBe(true);
    expect(canChange({ id: 3, role: 'developer' }, { ownerId: 2, createdBy: 3 })).toBe(true);
    expect(canChange({ id: 4, role: 'employee' }, { ownerId: 2, createdBy: 3 })).toBe(false);
  });
});
