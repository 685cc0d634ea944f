// Server frames checked at the edge: a frame that isn't one of the contract's shapes is dropped here, so nothing
// downstream handles half-valid input.
import type { ErrorCode } from '../contract.ts';
import { isInteger, isNumber, isRecord, isString } from '../parse/basic.ts';
import { isStreamTopic, type ServerFrame, type StreamTopic } from './protocol.ts';

/** Topics already checked (a tab's are few, its events many); cleared if it ever grows past reason. */
const knownTopics = new Map<string, boolean>();
const KNOWN_TOPICS_LIMIT = 10_000;

function isKnownTopic(topic: string): topic is StreamTopic {
  let ok = knownTopics.get(topic);
  if (ok === undefined) {
    if (knownTopics.size >= KNOWN_TOPICS_LIMIT) knownTopics.clear();
    knownTopics.set(topic, (ok = isStreamTopic(topic)));
  }
  return ok;
}

export function parseServerFrame(text: string): ServerFrame | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  return serverFrame(value);
}

/**
 * The frames of one message: a frame, or the array of frames a batching connection's server sends
 * (contract/ws.ts WS_BATCH_PARAM), in order; what is not a frame is left out.
 */
export function parseServerFrames(text: string): ServerFrame[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) {
    const frame = serverFrame(value);
    return frame === null ? [] : [frame];
  }
  const frames: ServerFrame[] = [];
  for (const v of value) {
    const frame = serverFrame(v);
    if (frame !== null) frames.push(frame);
  }
  return frames;
}

function serverFrame(value: unknown): ServerFrame | null {
  if (!isRecord(value)) return null;
  const id = isInteger(value.id) ? value.id : undefined;
  switch (value.op) {
    case 'event':
      return isString(value.topic) && isKnownTopic(value.topic) && isInteger(value.seq)
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
