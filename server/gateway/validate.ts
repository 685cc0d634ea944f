// Request validation at the edge: TypeBox schemas compiled once; what passes is typed, what fails becomes a
// catalogue error. Missing required fields answer `validate.required`; any other shape error `request.invalid`.
import type { Static, TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { fail } from '../errors.ts';

export type Parser<T extends TSchema> = (value: unknown) => Static<T>;

export function parser<T extends TSchema>(schema: T): Parser<T> {
  const validator = Compile(schema);
  return (value) => {
    if (validator.Check(value)) return value;
    const errors = validator.Errors(value);
    fail(errors.length > 0 && errors.every((e) => e.keyword === 'required') ? 'validate.required' : 'request.invalid');
  };
}
