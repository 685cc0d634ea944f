// The bus's public entry. The in-process bus is the default; NATS JetStream (NATS_URL) comes later.
export { checkPattern, checkTopic, matches, type Bus, type Handler, type Unsubscribe } from './bus.ts';
export { createInProcessBus, type InProcessBusOptions } from './in-process.ts';
