// Runs before `npm install` (preinstall) and first in `npm start`: on a Node.js older than the one OpenEx is built
// for, it prints one line saying which version it found, which it needs and how to get it, and exits 1, instead of
// letting a native module's build or the TypeScript loader fail with a stack trace. Plain CommonJS written for any
// Node.js old enough to need it (no modern syntax), so the check itself can't be what fails.
'use strict';

var NEEDED = 24;
var found = process.versions.node;
if (Number(found.split('.')[0]) < NEEDED) {
  process.stderr.write('OpenEx needs Node.js ' + NEEDED + ' (found v' + found + '): install Node ' + NEEDED + ' LTS, e.g. with nvm install ' + NEEDED + '\n');
  process.exit(1);
}
