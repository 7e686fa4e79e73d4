// What `npm start` runs once the builds exist (scripts/start.mjs), on the ports and data folder a test
// gives in LAUNCHER_OPTIONS (JSON, the options of runProduct). Reports on stdout, one JSON object a line:
// { ready, launcherPid, apiPid } once serving, { restarted } with the new API's pid after a crash.
// A line "throw" on stdin makes it fail with an uncaught exception.
const { runProduct } = require('../launcher/runProduct');

const print = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);

runProduct(JSON.parse(process.env.LAUNCHER_OPTIONS)).then((product) => {
  print({ ready: true, launcherPid: process.pid, apiPid: product.api.child.pid });
  product.api.on('restarted', (child) => print({ restarted: child.pid }));
});

process.stdin.on('data', (data) => {
  if (String(data).includes('throw')) throw new Error('launcher failure (test)');
});
