// How a company's fields are typed and shown: the CEP as 00000-000, the website as a link.

/** The CEP as it is typed: digits only, the dash after the fifth ("01310100" -> "01310-100"). */
export function maskCep(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 8);
  return digits.length > 5 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits;
}

/** A website as the server takes it: "acme.com.br" is https://acme.com.br (a scheme typed stays). */
export const withScheme = (website: string): string =>
  website === '' || /^[a-z][a-z0-9+.-]*:/i.test(website) ? website : `https://${website}`;

/** A website as a person reads it: without the scheme, "www." and a trailing slash. */
export const websiteLabel = (website: string): string =>
  website
    .replace(/^https?:\/\//i, '')
    .replace(/^www\./i, '')
    .replace(/\/$/, '');

/** Street, number · CEP · city/UF, leaving out what is not known ("Av. Paulista, 1000 · 01310-100 · São Paulo/SP"). */
export function addressLine(company: {
  street: string | null;
  number: string | null;
  cep: string | null;
  city: string | null;
  uf: string | null;
}): string {
  const street = [company.street, company.number].filter(Boolean).join(', ');
  const place = [company.city, company.uf].filter(Boolean).join('/');
  return [street, company.cep, place].filter(Boolean).join(' · ');
}
