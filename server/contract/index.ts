// The one module the web app and the stream layer may import from server/: shared types and pure rules only.
export * from './api.ts';
export * from './errors.ts';
export * from './locales.ts';
export * from './validate.ts';
export * from './ws.ts';
export * as perpMath from './perp-math/index.ts';
export * from './seconds.ts';
export * as secondsRecord from './seconds-record.ts';
export * from './identity.ts';
export * from './security.ts';
export * from './twofactor.ts';
export * from './invite.ts';
export * from './wallet.ts';
export * from './reserves.ts';
export * as liabilities from './liabilities.ts';
export * from './earn.ts';
