// Reads the gateway conformance suite's `go test` JSON report into groups (the suite's own spec
// names, taken from its source: each test function runs under the specs its `RunWithSpecs` calls
// name), counts the test cases of each, and renders the README's table.
import fs from 'node:fs';
import path from 'node:path';

/**
 * Cases Cairn cannot run by a rule of its own, each with the reason the README gives. A case is
 * matched by its name.
 */
export const EXCEPTIONS = [
  {
    match: /missing_a_block/i,
    reason:
      'uses `file-3k-and-3-blocks-missing-block.car`, a DAG with a block left out on purpose: Cairn never holds an incomplete DAG, so its CAR upload is refused (`car_incomplete`) and the content is not there to read',
  },
  {
    match: /InvalidCID.*produces_useful_error/i,
    reason:
      'looks for `invalid path "/ipfs/QmInvalidCID"` in the body as plain text: Cairn answers every error as JSON (`{"error":"invalid path \\"/ipfs/QmInvalidCID\\": not a CID","code":"invalid_cid"}`), where the quotes are escaped',
  },
];

/** The spec name (e.g. `path-unixfs-gateway`) of each constant in the suite's specs package. */
function specNames(home) {
  const source = fs.readFileSync(path.join(home, 'tooling', 'specs', 'specs.go'), 'utf8');
  return new Map([...source.matchAll(/^\s*(\w+)\s*=\s*Leaf\{"([\w-]+)"/gm)].map((m) => [m[1], m[2]]));
}

/** Test function → the spec of its first `RunWithSpecs` call, read from the suite's test files. */
export function functionGroups(home) {
  const names = specNames(home);
  const groups = new Map();
  const dir = path.join(home, 'tests');
  for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('_test.go'))) {
    const source = fs.readFileSync(path.join(dir, file), 'utf8');
    const functions = [...source.matchAll(/^func (Test\w+)\(/gm)];
    functions.forEach((fn, i) => {
      const body = source.slice(fn.index, functions[i + 1]?.index ?? source.length);
      const call = /RunWithSpecs\(.*?\bspecs\.([A-Z]\w+)/s.exec(body);
      if (call && names.has(call[1])) groups.set(fn[1], names.get(call[1]).replace('-gateway', ''));
    });
  }
  return groups;
}

/**
 * Each test case (a test function's direct subtest) with its outcome, from `go test -json` lines,
 * and the first error line the suite printed for each case that failed.
 */
function caseOutcomes(reportFile) {
  const outcomes = new Map();
  const errors = new Map();
  for (const line of fs.readFileSync(reportFile, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const event = JSON.parse(line);
    if (!event.Test) continue;
    const testCase = event.Test.split('/').slice(0, 2).join('/');
    const error = event.Action === 'output' ? /Error:\s+(.*)/.exec(event.Output)?.[1] : undefined;
    if (error && !errors.has(testCase)) errors.set(testCase, error.trim());
    if (['pass', 'fail', 'skip'].includes(event.Action) && event.Test.split('/').length === 2) outcomes.set(event.Test, event.Action);
  }
  return { outcomes, errors };
}

/**
 * The summary of one run: per group, cases passed, failed and excepted; the failures (with the
 * suite's first error line) and the exceptions by name. Skipped cases (groups not asked for) are left out.
 */
export function summarize(reportFile, home) {
  const groups = functionGroups(home);
  const summary = { groups: {}, failures: [], exceptions: [] };
  const { outcomes, errors } = caseOutcomes(reportFile);
  for (const [name, outcome] of outcomes) {
    if (outcome === 'skip') continue;
    const group = groups.get(name.split('/')[0]) ?? 'other';
    const counts = (summary.groups[group] ??= { passed: 0, failed: 0, excepted: 0 });
    const exception = EXCEPTIONS.find((rule) => rule.match.test(name));
    if (outcome === 'pass') counts.passed++;
    else if (exception) {
      counts.excepted++;
      summary.exceptions.push({ name, reason: exception.reason });
    } else {
      counts.failed++;
      summary.failures.push({ name, error: errors.get(name) ?? '' });
    }
  }
  return summary;
}

/** The README's table: group, passed / total, exceptions. */
export function markdownTable(summaries) {
  const engines = Object.keys(summaries);
  const groups = [...new Set(engines.flatMap((engine) => Object.keys(summaries[engine].groups)))].sort();
  const cell = (counts) => {
    if (!counts) return '—';
    const total = counts.passed + counts.failed + counts.excepted;
    return `${counts.passed} / ${total}${counts.excepted ? ` (${counts.excepted} excepted)` : ''}`;
  };
  const rows = groups.map((group) => `| ${group} | ${engines.map((engine) => cell(summaries[engine].groups[group])).join(' | ')} |`);
  return [
    `| group | ${engines.map((engine) => `${engine} engine`).join(' | ')} |`,
    `| --- |${engines.map(() => ' --- |').join('')}`,
    ...rows,
  ].join('\n');
}
