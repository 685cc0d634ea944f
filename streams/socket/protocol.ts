// The /ws protocol as the stream layer speaks it: the spot topics of contract/ws.ts, the contract topics of
// contract/api.ts and the seconds contracts' topics of contract/seconds.ts travel on the one socket, so frames and
// subscriptions name any of them.
import type { ContractTopic, PriceRecordTopic, Topic, WsClientFrame, WsServerFrame } from '../contract.ts';
import { CONTENT_TOPIC, EARN_TOPIC, isContractPrivateTopic, isContractTopic, isTopic, PRIVATE_TOPICS, QUANT_TOPIC, SECONDS_TOPIC } from '../contract.ts';

/** The user's seconds contracts (private) and a market's price record (public). */
export type SecondsTopic = typeof SECONDS_TOPIC | PriceRecordTopic;
/** The user's wealth and mining orders (private, contract/earn.ts). */
export type EarnTopic = typeof EARN_TOPIC;
/** The user's quantitative bots (private, contract/quant.ts). */
export type QuantTopic = typeof QUANT_TOPIC;
/** The bell's announcements (private, contract/content.ts). */
export type ContentTopic = typeof CONTENT_TOPIC;
export type StreamTopic = Topic | ContractTopic | SecondsTopic | EarnTopic | QuantTopic | ContentTopic;

type Widened<F> = F extends { topics: Topic[] } ? Omit<F, 'topics'> & { topics: StreamTopic[] } : F extends { topic: Topic } ? Omit<F, 'topic'> & { topic: StreamTopic } : F;
export type ClientFrame = Widened<WsClientFrame>;
type WireFrame = Widened<WsServerFrame>;
/**
 * A frame as the socket hands it on. An event may stand for a run of them the socket worker merged (a book's diffs,
 * coalesce.ts): `seq` is the last one's, `first` the first one's (absent: the event is one).
 */
export type ServerFrame = Exclude<WireFrame, { op: 'event' }> | (Extract<WireFrame, { op: 'event' }> & { readonly first?: number });

const PRICE_RECORD_TOPIC = /^priceRecord@[A-Z0-9]{2,20}$/;
export const isSecondsTopic = (value: string): value is SecondsTopic => value === SECONDS_TOPIC || PRICE_RECORD_TOPIC.test(value);

export const isStreamTopic = (value: string): value is StreamTopic =>
  isTopic(value) || isContractTopic(value) || isSecondsTopic(value) || value === EARN_TOPIC || value === QUANT_TOPIC || value === CONTENT_TOPIC;

/** Sent only after the auth ack. */
export const isPrivateStreamTopic = (topic: StreamTopic): boolean =>
  topic === SECONDS_TOPIC || topic === EARN_TOPIC || topic === QUANT_TOPIC || topic === CONTENT_TOPIC || isContractPrivateTopic(topic) || (PRIVATE_TOPICS as readonly string[]).includes(topic);
