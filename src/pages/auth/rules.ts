// Client-side checks of the auth forms (spec §5), run before anything is sent. They use the contract's validators,
// so the browser and the server reject the same input with the same key.
import { channelOf, checkAccount, checkCode, checkPassword, type Channel, type ErrorCode } from '../../contract.ts';

/** A rule broken on the client: a contract error key, or one of the two rules only the form knows. */
export type RuleKey = ErrorCode | 'password.mismatch' | 'agreement.required';
/** A rule we translate, or a server message already in the user's language. */
export type FieldError = { rule: RuleKey } | { message: string };
export type FieldErrors<F extends string> = Partial<Record<F, FieldError>>;

const rule = (key: RuleKey | null): FieldError | undefined => (key ? { rule: key } : undefined);

function compact<F extends string>(errors: Record<F, FieldError | undefined>): FieldErrors<F> {
  const out: FieldErrors<F> = {};
  for (const key of Object.keys(errors) as F[]) if (errors[key]) out[key] = errors[key];
  return out;
}

export function hasErrors<F extends string>(errors: FieldErrors<F>): boolean {
  return Object.keys(errors).length > 0;
}

export type LoginField = 'account' | 'password' | 'code';
/** `code` only when the server asked for one (login.code.required): then it must be a well-formed code. */
export function validateLogin(v: { account: string; password: string; code?: string | undefined }): FieldErrors<LoginField> {
  // Sign-in only asks for something to check: the format rules are the sign-up's business.
  return compact<LoginField>({
    account: rule(checkAccount(channelOf(v.account.trim()), v.account, 'existing')),
    password: rule(v.password ? null : 'validate.required'),
    code: rule(v.code === undefined ? null : checkCode(v.code.trim())),
  });
}

function checkConfirm(password: string, confirm: string): RuleKey | null {
  if (!confirm) return 'validate.required';
  return confirm === password ? null : 'password.mismatch';
}

export type RegisterField = 'account' | 'code' | 'password' | 'confirmPassword' | 'inviteCode' | 'agree';
export interface RegisterValues {
  channel: Channel;
  account: string;
  code: string;
  password: string;
  confirmPassword: string;
  inviteCode: string;
  agree: boolean;
}
export function validateRegister(v: RegisterValues): FieldErrors<RegisterField> {
  return compact<RegisterField>({
    account: rule(checkAccount(v.channel, v.account)),
    code: rule(checkCode(v.code.trim())),
    password: rule(checkPassword(v.password)),
    confirmPassword: rule(checkConfirm(v.password, v.confirmPassword)),
    inviteCode: rule(v.inviteCode.trim() && !/^[A-Za-z0-9_-]{1,32}$/.test(v.inviteCode.trim()) ? 'register.invite.invalid' : null),
    agree: rule(v.agree ? null : 'agreement.required'),
  });
}

export type ResetField = 'account' | 'code' | 'password' | 'confirmPassword';
export interface ResetValues {
  channel: Channel;
  account: string;
  code: string;
  password: string;
  confirmPassword: string;
}
export function validateReset(v: ResetValues): FieldErrors<ResetField> {
  return compact<ResetField>({
    account: rule(checkAccount(v.channel, v.account, 'existing')),
    code: rule(checkCode(v.code.trim())),
    password: rule(checkPassword(v.password)),
    confirmPassword: rule(checkConfirm(v.password, v.confirmPassword)),
  });
}

/** Which field of the sign-up and reset forms a server reply code is about; null means a general notice. */
export function fieldOfCode(code: string): RegisterField | null {
  switch (code) {
    case 'account.already.registered':
    case 'account.not.found':
    case 'validate.email.format':
    case 'validate.phone.format':
    case 'bind.account.taken':
      return 'account';
    case 'verify.code.error':
    case 'verify.code.expired':
    case 'verify.code.attempts':
    case 'verify.code.resend.wait':
      return 'code';
    case 'validate.password.format':
      return 'password';
    case 'register.invite.invalid':
      return 'inviteCode';
    case 'register.agreement.required':
      return 'agree';
    default:
      return null;
  }
}
