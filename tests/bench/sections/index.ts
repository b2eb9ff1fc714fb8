/**
 * The sections `npm run bench` runs (in the order of their names); BENCH_ONLY names them by these export names
 * (BENCH_ONLY=http,embedded). One line per section: `export { run as <name> } from './<file>';`.
 */
export { run as http } from './http';
export { run as embedded } from './embedded';
export { run as queries } from './queries';
export { run as reminders } from './reminders';
export { run as search } from './search';
export { run as board } from './board';
export { run as home } from './home';
export { run as web } from './web';
export { run as import } from './import';
export { run as companies } from './companies';
export { run as table } from './table';
