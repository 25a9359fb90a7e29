/**
 * `.env` in the working directory fills in what the real environment does not set (a variable the
 * environment sets always wins). Imported first by each Node entry point (`npm start`,
 * `npm run launch-check`, `npm run enquiries`), so it has run before any module reads a setting:
 * the settings modules parse the environment when first asked, never at import.
 */
import { existsSync } from 'node:fs';

if (existsSync('.env')) process.loadEnvFile('.env');
