// CNPJ in the browser: the rule of src/domain/companies/cnpj.ts (the UI imports no server code), checked first so the
// message arrives translated; the server stays the authority. tests/integration/cnpj-parity.test.ts holds the two to
// the same answers.

const BODY = /^[0-9A-Z]{12}[0-9]{2}$/;
const FIRST_WEIGHTS = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const SECOND_WEIGHTS = [6, ...FIRST_WEIGHTS];

/** Without punctuation and spaces, upper case (the first 12 characters may be letters from July 2026). */
export const cnpjCharacters = (input: string): string => input.replace(/[^0-9A-Za-z]/g, '').toUpperCase();

/** Modulus 11 over each character's ASCII code minus 48, with the weights of its position. */
function checkDigit(chars: string): number {
  const weights = chars.length === 12 ? FIRST_WEIGHTS : SECOND_WEIGHTS;
  let sum = 0;
  for (let i = 0; i < chars.length; i++) sum += (chars.charCodeAt(i) - 48) * weights[i];
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

/** Whether `input`, however punctuated, is a CNPJ: 14 characters, right check digits, not one digit repeated. */
export function isCnpj(input: string): boolean {
  const cnpj = input.replace(/[./\s-]/g, '').toUpperCase();
  if (!BODY.test(cnpj) || /^(\d)\1{13}$/.test(cnpj)) return false;
  const first = checkDigit(cnpj.slice(0, 12));
  return `${first}${checkDigit(cnpj.slice(0, 12) + first)}` === cnpj.slice(12);
}

/**
 * The CNPJ as it is typed, punctuated as 00.000.000/0000-00 so far as it goes ("1122233" -> "11.222.33"); letters
 * upper case, anything else dropped, at most 14 characters.
 */
export function maskCnpj(input: string): string {
  const c = cnpjCharacters(input).slice(0, 14);
  const parts: [number, number, string][] = [
    [0, 2, ''],
    [2, 5, '.'],
    [5, 8, '.'],
    [8, 12, '/'],
    [12, 14, '-'],
  ];
  return parts
    .filter(([start]) => c.length > start)
    .map(([start, end, before]) => before + c.slice(start, end))
    .join('');
}
