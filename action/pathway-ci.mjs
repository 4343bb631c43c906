// The GitHub Action's two helpers that are not `pathway` commands: which pathway files changed, and the one pull-request comment.
// Node 20 built-ins only (the Action runs it with the Node it set up, before or beside the installed package).
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/** The marker that finds the Action's own comment again, so a new push updates it instead of adding another. */
const MARKER = "<!-- pathwaykit:diff -->";
/** GitHub refuses comment bodies over 65,536 characters. */
const MAX_COMMENT = 65_536;
/** Pages of 100 comments read while looking for ours: a pull request with more than 3,000 comments gets a new one. */
const MAX_PAGES = 30;
/** Per request: the job should fail on a hung API, not wait for the runner's six-hour limit. */
const TIMEOUT_MS = 30_000;

/** A path as git and the manifest write it: forward slashes, no `./`. */
function normal(file) {
  return path.posix.normalize(file.split(path.sep).join("/")).replace(/^\.\//, "");
}

/** `--name value` pairs of argv. */
function flags(args) {
  const out = {};
  for (let i = 0; i < args.length; i += 2) out[args[i].replace(/^--/, "")] = args[i + 1] ?? "";
  return out;
}

/**
 * Prints `file<TAB>id` for each pathway file of `--list` (pathway validate --format json) that differs from `--base`
 * (every file when there is no base), with its id from pathwaykit.manifest.json in the working directory (empty when
 * it has none). Files validate skipped as another kind (`"skipped"`: call records, scenarios...) are not pathways and
 * are left out. A name with a tab or line break cannot be a row, and is named on stderr instead.
 */
function changed(args) {
  const { list, base } = flags(args);
  const files = [
    ...new Set(
      JSON.parse(readFileSync(list, "utf8"))
        .filter((r) => r.skipped === undefined)
        .map((r) => normal(r.filePath)),
    ),
  ];
  const ids = new Map();
  if (existsSync("pathwaykit.manifest.json")) {
    const manifest = JSON.parse(readFileSync("pathwaykit.manifest.json", "utf8"));
    for (const entry of manifest.pathways ?? []) if (typeof entry.file === "string" && typeof entry.id === "string") ids.set(normal(entry.file), entry.id);
  }
  let keep = () => true;
  if (base) {
    // --relative: paths from the working directory, as pathway and the manifest write them.
    const out = execFileSync("git", ["diff", "--name-only", "-z", "--no-renames", "--relative", base, "HEAD", "--", "."], {
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    const touched = new Set(out.split("\0").filter(Boolean).map(normal));
    keep = (file) => touched.has(file);
  }
  for (const file of files.filter((f) => keep(f))) {
    const id = ids.get(file) ?? "";
    if (/[\t\r\n]/.test(file) || /[\t\r\n]/.test(id)) {
      process.stderr.write(`skipped a pathway whose name or id holds a tab or line break: ${JSON.stringify(file)}\n`);
      continue;
    }
    process.stdout.write(`${file}\t${id}\n`);
  }
}

/** One GitHub API request; the answer's JSON, or an error that names the status (never the token). */
async function github(method, url, token, body) {
  const response = await fetch(url, {
    method,
    headers: {
      accept: "application/vnd.github+json",
      authorization: `Bearer ${token}`,
      "x-github-api-version": "2022-11-28",
      ...(body && { "content-type": "application/json" }),
    },
    body: body && JSON.stringify(body),
    redirect: "error",
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`${method} ${new URL(url).pathname} answered ${response.status}`);
  return response.json();
}

/** Posts the file's text as the pull request's pathway comment, or updates the one posted before. */
async function comment(args) {
  const { GITHUB_API_URL = "https://api.github.com", GITHUB_REPOSITORY, PATHWAYKIT_PR_NUMBER, PATHWAYKIT_GITHUB_TOKEN } = process.env;
  if (!GITHUB_REPOSITORY || !/^\d+$/.test(PATHWAYKIT_PR_NUMBER ?? "") || !PATHWAYKIT_GITHUB_TOKEN) {
    process.stdout.write("No pull request or token: the diff is in the job summary only.\n");
    return;
  }
  let body = readFileSync(args[0], "utf8");
  if (!body.startsWith(MARKER)) body = `${MARKER}\n${body}`;
  if (body.length > MAX_COMMENT) body = `${body.slice(0, MAX_COMMENT - 200)}\n\n…cut: the whole diff is in the job summary.\n`;
  const api = `${GITHUB_API_URL.replace(/\/+$/, "")}/repos/${GITHUB_REPOSITORY}`;
  try {
    let existing;
    for (let page = 1; page <= MAX_PAGES && !existing; page++) {
      const comments = await github("GET", `${api}/issues/${PATHWAYKIT_PR_NUMBER}/comments?per_page=100&page=${page}`, PATHWAYKIT_GITHUB_TOKEN);
      existing = comments.find((c) => typeof c.body === "string" && c.body.startsWith(MARKER));
      if (comments.length < 100) break;
    }
    if (existing) await github("PATCH", `${api}/issues/comments/${existing.id}`, PATHWAYKIT_GITHUB_TOKEN, { body });
    else await github("POST", `${api}/issues/${PATHWAYKIT_PR_NUMBER}/comments`, PATHWAYKIT_GITHUB_TOKEN, { body });
    process.stdout.write(`${existing ? "Updated" : "Posted"} the pathway diff comment on pull request #${PATHWAYKIT_PR_NUMBER}.\n`);
  } catch (error) {
    // A pull request from a fork gets a read-only token: the diff stays in the job summary, and the check goes on.
    process.stdout.write(
      `::warning title=pathwaykit::Could not comment on the pull request (${String(error.message).replace(/[\r\n%]/g, " ")}); the diff is in the job summary. The job needs "permissions: pull-requests: write".\n`,
    );
  }
}

const [command, ...rest] = process.argv.slice(2);
if (command === "changed") changed(rest);
else if (command === "comment") await comment(rest);
else {
  process.stderr.write("usage: pathway-ci.mjs changed --list <validate.json> --base <sha> | comment <body.md>\n");
  process.exitCode = 2;
}
