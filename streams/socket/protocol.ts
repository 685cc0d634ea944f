// The /ws protocol as the stream layer speaks it: the spot topics of contract/ws.ts and the contract topics of
// contract/api.ts travel on the one socket, so frames and subscriptions name either.
import type { ContractTopic, Topic, WsClientFrame, WsServerFrame } from '../contract.ts';
import { isContractPrivateTopic, isContractTopic, isTopic, PRIVATE_TOPICS } from '../contract.ts';

export type StreamTopic = Topic | ContractTopic;

type Widened<F> = F extends { topics: Topic[] } ? Omit<F, 'topics'> & { topics: StreamTopic[] } : F extends { topic: Topic } ? Omit<F, 'topic'> & { topic: StreamTopic } : F;
export type ClientFrame = Widened<WsClientFrame>;
export type ServerFrame = Widened<WsServerFrame>;

export const isStreamTopic = (value: string): value is StreamTopic => isTopic(value) || isContractTopic(value);

/** Sent only after the auth ack. */
export const isPrivateStreamTopic = (topic: StreamTopic): boolean =>
  isContractPrivateTopic(topic) || (PRIVATE_TOPICS as readonly string[]).includes(topic);
