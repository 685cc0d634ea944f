// Server frames checked at the edge: a frame that isn't one of the contract's shapes is dropped here, so nothing
// downstream handles half-valid input.
import type { ErrorCode } from '../contract.ts';
import { isInteger, isNumber, isRecord, isString } from '../parse/basic.ts';
import { isStreamTopic, type ServerFrame } from './protocol.ts';

export function parseServerFrame(text: string): ServerFrame | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(value)) return null;
  const id = isInteger(value.id) ? value.id : undefined;
  switch (value.op) {
    case 'event':
      return isString(value.topic) && isStreamTopic(value.topic) && isInteger(value.seq)
        ? { op: 'event', topic: value.topic, seq: value.seq, data: value.data }
        : null;
    case 'pong':
      if (!isNumber(value.time)) return null;
      return id === undefined ? { op: 'pong', time: value.time } : { op: 'pong', id, time: value.time };
    case 'ack':
      return id === undefined ? null : { op: 'ack', id };
    case 'error': {
      if (!isString(value.code)) return null;
      // Codes the client doesn't know are kept as sent: they still explain the failure.
      const code = value.code as ErrorCode;
      const msg = isString(value.msg) ? value.msg : value.code;
      return id === undefined ? { op: 'error', code, msg } : { op: 'error', id, code, msg };
    }
    default:
      return null;
  }
}
