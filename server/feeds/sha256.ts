// The chain's production hasher. node:crypto is fine here: feeds are a port, not the pure kernel.
import { createHash } from 'node:crypto';
import type { Hasher } from './chain.ts';

export const sha256Hex: Hasher = (text) => createHash('sha256').update(text, 'utf8').digest('hex');
