// The stream layer's one door into server/: the shared contract (types and pure rules). Nothing else under server/
// may be imported from streams/, so the bundle never pulls server code (test/quality/dependencies.test.ts).
export * from '../server/contract/index.ts';
