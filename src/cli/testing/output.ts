// What `pathway test` does with a report, however it was made (here, live or on the service): the formatter, the output, a line on stderr beside a file, and the exit code.
import type { TestReport } from "../../simulate/index.js";
import type { TestFormatter } from "../../format/test-report.js";
import { formatTestJunit } from "../../format/junit.js";
import { formatTestTap } from "../../format/tap.js";
import { formatTestJson, formatTestStylish } from "../../format/test-report.js";
import { EXIT } from "../exit.js";
import type { CliIo } from "../io.js";
import { useReportColor, writeOutput } from "../output.js";

/** The formats `pathway test` prints. */
export const TEST_FORMATS = ["text", "json", "junit", "tap"] as const;

/** The flags that say how the report is written. */
export interface TestOutputFlags {
  format: (typeof TEST_FORMATS)[number];
  color?: boolean;
  output?: string;
  coverage?: boolean;
}

function getFormatter(name: TestOutputFlags["format"]): TestFormatter {
  if (name === "junit") return formatTestJunit;
  if (name === "tap") return formatTestTap;
  return name === "json" ? formatTestJson : formatTestStylish;
}

/** Writes the report as the flags say and sets the exit code: 2 when a scenario could not run, 1 when one failed or coverage fell short. */
export async function writeTestReport(io: CliIo, report: TestReport, flags: TestOutputFlags): Promise<void> {
  const text = getFormatter(flags.format)(report, { color: useReportColor(flags.color, flags.output, io), coverage: Boolean(flags.coverage) });
  await writeOutput(io, flags.output, text);
  if (flags.output !== undefined && flags.output !== "-") {
    const s = report.summary;
    io.stderr.write(
      `pathway test: ${s.passed} passed, ${s.failed} failed${s.errors ? `, ${s.errors} could not run` : ""}; report written to ${flags.output}\n`,
    );
  }
  if (report.summary.errors > 0) io.setExitCode(EXIT.failure);
  else if (report.summary.failed > 0 || (report.coverageFailures?.length ?? 0) > 0) io.setExitCode(EXIT.findings);
}
