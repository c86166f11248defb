// Preloaded into the system's node processes by
//   BENCH_TRADING_NODE_OPTIONS="--import $PWD/bench/trading/cpu-profile.js" npm run bench:trading
// (Node 20 refuses --cpu-prof in NODE_OPTIONS): profiles the trading process with the inspector
// and writes trading-<pid>.cpuprofile into the temp folder when it exits (the system stops at the
// end of the bench); open it in Chrome DevTools or speedscope.
import fs from 'node:fs';
import inspector from 'node:inspector';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';

if (process.argv.includes('trading')) {
  const session = new inspector.Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 500 });
  session.post('Profiler.start');
  process.on('exit', () => {
    session.post('Profiler.stop', (error, result) => {
      if (error) return;
      fs.writeFileSync(
        path.join(os.tmpdir(), `trading-${process.pid}.cpuprofile`),
        JSON.stringify(result.profile),
      );
    });
  });
}
