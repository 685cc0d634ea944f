// Time is an input everywhere on the server: code asks a Clock instead of reading Date.now(), so tests can move it.
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();
