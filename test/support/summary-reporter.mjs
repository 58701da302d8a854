// Ends the run with the plain line CI reads: "N passed, N failed".
export default class SummaryReporter {
  onTestRunEnd(testModules, unhandledErrors) {
    let passed = 0;
    let failed = 0;
    for (const mod of testModules) {
      if (mod.state() === "failed" && [...mod.children.allTests()].length === 0) failed += 1;
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") passed += 1;
        else if (state === "failed") failed += 1;
      }
    }
    failed += unhandledErrors.length;
    process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
  }
}
