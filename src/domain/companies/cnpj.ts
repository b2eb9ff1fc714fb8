/**
 * CNPJ, the Brazilian company registry number: 12 characters (the root and the branch) and 2 check digits.
 * From July 2026 (IN RFB 2.229/2024) the first 12 may be letters A-Z as well as digits; each character counts as
 * its ASCII code minus 48 ('0'..'9' -> 0..9, 'A' -> 17 ... 'Z' -> 42), with the numeric CNPJ's modulus-11 weights,
 * so every numeric CNPJ keeps its digits.
 */
const BODY = /^[0-9A-Z]{12}[0-9]{2}$/;
const FIRST_WEIGHTS = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const SECOND_WEIGHTS = [6, ...FIRST_WEIGHTS];

/** As stored and compared: without . / - and spaces, upper case ("11.222.333/0001-81" -> "11222333000181"). */
export function normalizeCnpj(input: string): string {
  return input.replace(/[./\s-]/g, '').toUpperCase();
}

/** The check digit over `chars` (12 or 13 of them), with the weights of its position. */
function checkDigit(chars: string): number {
  const weights = chars.length === 12 ? FIRST_WEIGHTS : SECOND_WEIGHTS;
  let sum = 0;
  for (let i = 0; i < chars.length; i++) sum += (chars.charCodeAt(i) - 48) * weights[i];
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

/** The two check digits of a CNPJ's first 12 characters (normalized). */
export function cnpjCheckDigits(first12: string): string {
  const first = checkDigit(first12);
  return `${first}${checkDigit(first12 + first)}`;
}

/** Whether `input`, however punctuated, is a CNPJ: 14 characters, right check digits, not one digit repeated. */
export function isValidCnpj(input: string): boolean {
  const cnpj = normalizeCnpj(input);
  if (!BODY.test(cnpj) || /^(\d)\1{13}$/.test(cnpj)) return false;
  return cnpjCheckDigits(cnpj.slice(0, 12)) === cnpj.slice(12);
}

/** 00.000.000/0000-00, from a CNPJ in any punctuation (assumed valid: 14 characters once normalized). */
export function formatCnpj(input: string): string {
  const c = normalizeCnpj(input);
  return `${c.slice(0, 2)}.${c.slice(2, 5)}.${c.slice(5, 8)}/${c.slice(8, 12)}-${c.slice(12, 14)}`;
}
