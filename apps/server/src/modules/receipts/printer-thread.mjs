// The printer thread's entry when the server runs from its TypeScript sources (development
// and tests): the thread loads the TypeScript through tsx. The compiled server has its
// own printer-thread.mjs beside it, built from printer-thread.ts (scripts/build-server.mjs).
import { register } from 'tsx/esm/api';

register();
const { default: print } = await import('./printer-thread.ts');
export default print;
