// The state both code-verified forms share (register and reset): channel, account, code, password twice, field
// errors and the code sender.
import { useState } from 'react';
import type { Channel, CodePurpose } from '../../contract.ts';
import { useCodeSender } from './useCodeSender.ts';
import type { FieldErrors, ResetField } from './rules.ts';

export function useCodeForm<F extends string = ResetField>(purpose: CodePurpose) {
  const [channel, setChannel] = useState<Channel>('email');
  const [account, setAccount] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<F | ResetField>>({});
  const sender = useCodeSender(purpose);

  function switchChannel(next: Channel) {
    setChannel(next);
    setAccount('');
    setErrors({});
  }

  async function sendCode() {
    const result = await sender.send(channel, account);
    setErrors((e) => ({ ...e, account: undefined, code: undefined, ...(result ? { [result.field]: result.error } : {}) }));
  }

  return {
    channel,
    switchChannel,
    account,
    setAccount,
    code,
    setCode,
    password,
    setPassword,
    confirmPassword,
    setConfirmPassword,
    errors,
    setErrors,
    sender,
    sendCode,
  };
}

export type CodeForm = ReturnType<typeof useCodeForm<string>>;
