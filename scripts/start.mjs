// `pnpm start`: build the web app if needed, then run the server in this process on the embedded
// database with email sign-in on, so a newcomer can sign up at once.
import { register } from 'tsx/esm/api';
import { buildWebIfStale } from './web-build.mjs';

buildWebIfStale();
process.env.ENABLE_EMAIL_SIGNIN ??= 'true';
register();
await import('../apps/server/src/main.ts');
