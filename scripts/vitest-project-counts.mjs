// Vitest reporter for scripts/test.mjs: passed, failed and skipped tests per project
// (unit, api-pglite, api-postgres, processes), written as JSON to VITEST_COUNTS_FILE,
// with the names of the passed tests (file › test), so that the run can count distinct
// tests across runtimes and databases, and of the failed ones (with the first line of their
// error), so that the run's closing lines say which failed. Vitest's JSON report names each file but not the
// project it ran in, and the API files run in two projects (one per database).
import { writeFileSync } from 'node:fs';
import path from 'node:path';

/** The first line of the first error (at most 200 characters), or ''. */
const firstLine = (errors) => (errors?.[0]?.message?.split('\n')[0] ?? '').slice(0, 200);

export default class ProjectCounts {
  onTestRunEnd(testModules) {
    const counts = {};
    for (const module of testModules) {
      const name = module.project.name || 'default';
      const c = (counts[name] ??= {
        passed: 0,
        failed: 0,
        skipped: 0,
        brokenFiles: 0,
        ids: [],
        failures: [],
      });
      const file = path.relative(process.cwd(), module.moduleId);
      let failedHere = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') {
          c.passed++;
          c.ids.push(`${file} › ${test.fullName}`);
        } else if (state === 'failed') {
          c.failed++;
          failedHere++;
          const error = firstLine(test.result().errors);
          c.failures.push(`${file} › ${test.fullName}${error ? ` — ${error}` : ''}`);
        } else c.skipped++;
      }
      // A file that failed to load, or whose hooks threw (its tests then count as skipped),
      // with no failed test in it.
      if (module.state() === 'failed' && failedHere === 0) {
        c.brokenFiles++;
        const error = firstLine(module.errors());
        c.failures.push(`${file} (did not run${error ? `: ${error}` : ''})`);
      }
    }
    if (process.env.VITEST_COUNTS_FILE)
      writeFileSync(process.env.VITEST_COUNTS_FILE, JSON.stringify(counts, null, 2));
  }
}
