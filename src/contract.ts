// The one door from the web app into server/: the shared contract (types, codes, pure rules). Nothing else under
// server/ may be imported by src, so the bundle never pulls server code.
export * from '../server/contract/index.ts';
