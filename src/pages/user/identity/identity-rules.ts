// The form's own checks, the server's rules (accounts/kyc/service.ts checkFields) shown before anything is sent; the
// server checks again and its message is shown when it refuses.
import {
  COUNTRY_CODES, IDENTITY_NAME_MAX, IDENTITY_NAME_MIN, IDENTITY_NUMBER_MAX, IDENTITY_NUMBER_MIN, REQUIRED_PHOTOS,
  type DocType, type PhotoKind,
} from '../../../contract.ts';

export interface IdentityInput {
  name: string;
  docType: DocType;
  docNumber: string;
  country: string;
  photos: Partial<Record<PhotoKind, string>>;
}

export type IdentityField = 'name' | 'docNumber' | 'country' | PhotoKind;

const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

/** The fields in error, each with its message id. */
export function checkIdentity(input: IdentityInput): Partial<Record<IdentityField, string>> {
  const errors: Partial<Record<IdentityField, string>> = {};
  const name = input.name.trim().replace(/\s+/gu, ' ');
  const length = [...name].length;
  if (length < IDENTITY_NAME_MIN || length > IDENTITY_NAME_MAX || CONTROL.test(name)) errors.name = 'identity.rule.name';
  const number = input.docNumber.replace(/[\s-]/g, '').toUpperCase();
  if (!new RegExp(`^[A-Z0-9]{${IDENTITY_NUMBER_MIN},${IDENTITY_NUMBER_MAX}}$`).test(number)) errors.docNumber = 'identity.rule.number';
  if (!COUNTRY_CODES.includes(input.country)) errors.country = 'identity.rule.country';
  for (const kind of REQUIRED_PHOTOS[input.docType]) if (!input.photos[kind]) errors[kind] = 'identity.rule.photo';
  return errors;
}

/** Countries by their name in the page's language (Intl.DisplayNames), sorted for that language. */
export function countryOptions(locale: string): Array<{ code: string; name: string }> {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale], { type: 'region' });
  } catch {
    names = null;
  }
  const collator = new Intl.Collator(locale);
  return COUNTRY_CODES.map((code) => ({ code, name: names?.of(code) ?? code })).sort((a, b) => collator.compare(a.name, b.name));
}

export function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
