import { runApi } from '../api/main.js';

// The API of `npm start`, run as a thread of the launcher (launcher/child.ts startThread): the same
// start as `node api/main.js`, with the launcher's flags as its arguments.
runApi();
