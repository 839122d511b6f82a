/**
 * The only script of the prerendered public pages (besides public/theme-init.js). scripts/prerender.mjs
 * builds it to /assets/public-[hash].js and puts it in place of the app's entry; see enhancements.ts.
 */
import { enhance } from './enhancements';

enhance(document);
